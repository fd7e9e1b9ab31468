import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { symbolsOf } from './symbols-of.js'

describe('enum members, class constants, promoted properties and events (red team: koel, eShopOnWeb)', () => {
  it('defines each enum member as a constant of its enum, in every language with enums', async () => {
    expect(await symbolsOf('src/dir.ts', 'export enum Dir {\n  Up = 1,\n  Down,\n}\n')).toEqual(['Dir enum 1', 'Dir.Up constant 2', 'Dir.Down constant 3'])
    expect(await symbolsOf('Color.java', 'public enum Color {\n    RED,\n    GREEN;\n    public static final int MAX = 2;\n}\n')).toEqual([
      'Color enum 1',
      'Color.RED constant 2',
      'Color.GREEN constant 3',
      'Color.MAX property 4',
    ])
    expect(await symbolsOf('Level.cs', 'public enum Level\n{\n    Info,\n    Error = 2\n}\n')).toEqual(['Level enum 1', 'Level.Info constant 3', 'Level.Error constant 4'])
    expect(await symbolsOf('src/color.rs', 'pub enum Color {\n    Red,\n    Green(u8),\n    Blue { x: i32 },\n}\n')).toEqual([
      'Color enum 1',
      'Color.Red constant 2',
      'Color.Green constant 3',
      'Color.Blue constant 4',
    ])
    expect(await symbolsOf('level.h', 'enum level {\n  LOW = 1,\n  HIGH\n};\n')).toEqual(['level enum 1', 'level.LOW constant 2', 'level.HIGH constant 3'])
    // Quoted TypeScript members (nestjs-boilerplate's `RoleEnum`) and names beyond ASCII.
    expect(await symbolsOf('src/roles.enum.ts', "export enum RoleEnum {\n  'admin' = 1,\n  \"user\" = 2,\n  'two words' = 3,\n}\n")).toEqual(['RoleEnum enum 1', 'RoleEnum.admin constant 2', 'RoleEnum.user constant 3'])
    expect(await symbolsOf('Farbe.java', 'enum Farbe {\n    Rot,\n    Grün,\n}\n')).toEqual(['Farbe enum 1', 'Farbe.Rot constant 2', 'Farbe.Grün constant 3'])
  })

  it("defines PHP's enum cases, class constants and a constructor's promoted properties (koel's ALBUM_NAME)", async () => {
    const content = [
      '<?php',
      'enum Suit: string',
      '{',
      "    case Hearts = 'H';",
      '    const Wild = self::Hearts;',
      '}',
      'class Deck',
      '{',
      '    public const SIZE = 52, DECKS = 1;',
      '    private const SECRET = 1;',
      '    public function __construct(private readonly Mailer $mailer, public int $count = 0, $plain = 1, #[\\SensitiveParameter] private string $password = "") {}',
      '}',
    ].join('\n')
    expect(await symbolsOf('app/Deck.php', content)).toEqual([
      'Suit enum 2',
      'Suit.Hearts constant 4',
      'Suit.Wild constant 5',
      'Deck class 7',
      'Deck.SIZE constant 9',
      'Deck.DECKS constant 9',
      'Deck.SECRET constant 10',
      'Deck.mailer property 11',
      'Deck.count property 11',
      'Deck.password property 11',
      'Deck.__construct method 11',
    ])
    const { layers } = await createLayeredChunker().chunkWithLayers({ path: 'app/Deck.php', content, format: 'code' })
    expect(layers.symbols.filter((s) => s.kind !== 'class' && s.kind !== 'enum' && s.kind !== 'method').map((s) => `${s.name} ${s.exported} ${s.signature}`)).toEqual([
      "Hearts true case Hearts = 'H';",
      'Wild true const Wild = self::Hearts',
      'SIZE true const SIZE = 52',
      'DECKS true const DECKS = 1',
      'SECRET false const SECRET = 1',
      'mailer false private readonly Mailer $mailer',
      'count true public int $count',
      'password false private string $password',
    ])
  })

  it("defines Kotlin's enum entries as constants and a primary constructor's val and var parameters as properties (kotlinconf, kotlin-spring-realworld)", async () => {
    const content = [
      'package demo',
      '',
      'enum class AssetType(val folder: String) {',
      '    Map("maps"),',
      '    Partner("partner-logos"),',
      '}',
      '',
      'data class Point(val x: Int, var y: Int, z: Int)',
      '',
      'class Handler(private val repository: ArticleRepository)',
    ].join('\n')
    expect(await symbolsOf('src/main/kotlin/demo/Model.kt', content)).toEqual([
      'AssetType enum 3',
      'AssetType.Map constant 4',
      'AssetType.Partner constant 5',
      'AssetType.folder property 3',
      'Point class 8',
      'Point.x property 8',
      'Point.y property 8',
      'Handler class 10',
      'Handler.repository property 10',
    ])
  })

  it("defines a C# event as a property of its class (eShopOnWeb's `Toast.OnShow`)", async () => {
    expect(await symbolsOf('Toast.cs', 'public class Toast\n{\n    public event System.Action OnShow;\n    public const int Max = 3;\n}\n')).toEqual([
      'Toast class 1',
      'Toast.OnShow property 3',
      'Toast.Max property 4',
    ])
  })
})
