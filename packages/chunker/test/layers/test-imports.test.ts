import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

const isTest = async (path: string, content: string): Promise<boolean> => (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers.isTest

describe('files that import a test framework', () => {
  it("are test code when they import it at the top, not when one function does (flasky's `def test(): import unittest`)", async () => {
    const app = ['from flask import Flask', '', 'app = Flask(__name__)', '', '', '@app.cli.command()', 'def test():', '    import unittest', '    unittest.main()', '']
    expect(await isTest('flasky.py', app.join('\n'))).toBe(false)
    expect(await isTest('flasky.py', ['import unittest', ...app].join('\n'))).toBe(true)
    expect(await isTest('conduit/commands.py', ['def test():', '    import pytest', '    pytest.main([])', ''].join('\n'))).toBe(false)
  })
})
