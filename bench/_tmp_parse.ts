import { parserFor, loadTreeSitterRuntime } from '../packages/chunker/src/code/tree-sitter-runtime.js'
await loadTreeSitterRuntime()
const p = await parserFor(process.argv[2]!)
const fs = await import('node:fs')
const tree = p.parse(fs.readFileSync(process.argv[3]!, 'utf8'))!
console.log(tree.rootNode.toString())
