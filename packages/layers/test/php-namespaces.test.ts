import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** Laravel's layout: controllers extend `Controller` of their own namespace without a `use`; another namespace has classes of the same names. */
const LARAVEL = {
  'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "app/" } } }\n',
  'app/Http/Controllers/Controller.php': '<?php\n\nnamespace App\\Http\\Controllers;\n\nclass Controller\n{\n    protected function respond($data)\n    {\n        return $data;\n    }\n}\n',
  'app/Http/Controllers/Helper.php': '<?php\n\nnamespace App\\Http\\Controllers;\n\nclass Helper\n{\n    public static function make()\n    {\n        return new Helper();\n    }\n}\n',
  'app/Other/Controller.php': '<?php\n\nnamespace App\\Other;\n\nclass Controller\n{\n    protected function respond($data)\n    {\n        return null;\n    }\n}\n',
  'app/Other/Helper.php': '<?php\n\nnamespace App\\Other;\n\nclass Helper\n{\n    public static function make()\n    {\n        return null;\n    }\n}\n',
  'app/Http/Controllers/ArticleController.php': [
    '<?php',
    '',
    'namespace App\\Http\\Controllers;',
    '',
    'class ArticleController extends Controller',
    '{',
    '    public function index()',
    '    {',
    '        $helper = Helper::make();',
    '        return $this->respond($helper);',
    '    }',
    '}',
    '',
  ].join('\n'),
}

describe("PHP's namespaces", () => {
  it('resolves a class of the same namespace named without a `use`: a base class, a static call, and what the class inherits through it', async () => {
    const graph = new LayerGraph(await layersOfText(LARAVEL))
    const edges = graph.edgesOf('app/Http/Controllers/ArticleController.php')
    const line = (kind: string, target: string): string | undefined => {
      const edge = edges.find((e) => e.kind === kind && e.target === target)
      return edge && `${edge.resolution} ${edge.targetSymbolId}`
    }
    expect(line('extends', 'Controller')).toBe('resolved app/Http/Controllers/Controller.php#Controller')
    expect(line('calls', 'make')).toBe('resolved app/Http/Controllers/Helper.php#Helper.make')
    expect(line('calls', 'respond')).toBe('resolved app/Http/Controllers/Controller.php#Controller.respond')
  })
})
