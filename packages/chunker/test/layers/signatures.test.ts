import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

async function signatures(path: string, content: string): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path, content, format: 'code' })
  return layers.symbols.map((symbol) => `${symbol.qname}: ${symbol.signature}`)
}

describe('signatures of definitions without a body', () => {
  it("are the declaration after its annotations' lines (spring-petclinic's repositories), not the first annotation", async () => {
    const java = [
      'package org.springframework.samples.petclinic.owner;',
      'public interface PetTypeRepository extends Repository<PetType, Integer> {',
      '\t@Query("SELECT ptype FROM PetType ptype ORDER BY ptype.name")',
      '\t@Transactional(readOnly = true)',
      '\tList<PetType> findPetTypes();',
      '',
      '\t@Deprecated String name();',
      '}',
      '@interface Audited {}',
    ].join('\n')
    expect(await signatures('PetTypeRepository.java', java)).toEqual([
      'PetTypeRepository: public interface PetTypeRepository extends Repository<PetType, Integer>',
      'PetTypeRepository.findPetTypes: List<PetType> findPetTypes();',
      'PetTypeRepository.name: String name();',
      'Audited: @interface Audited',
    ])
  })
})
