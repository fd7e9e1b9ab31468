import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/**
 * spring-guides/tut-rest's shape: the modules of one build (`links/`, `evolution/`) each have their
 * own `payroll` package with the same classes; a test of a module uses its main classes.
 */
const MODULES = {
  'evolution/src/main/java/payroll/Employee.java': 'package payroll;\n\npublic class Employee {\n    public String name() { return ""; }\n}\n',
  'evolution/src/main/java/payroll/EmployeeModelAssembler.java': 'package payroll;\n\npublic class EmployeeModelAssembler {\n    public Object toModel(Employee e) { return e; }\n}\n',
  'links/src/main/java/payroll/Employee.java': 'package payroll;\n\npublic class Employee {\n    public String name() { return ""; }\n}\n',
  'links/src/main/java/payroll/EmployeeModelAssembler.java': 'package payroll;\n\npublic class EmployeeModelAssembler {\n    public Object toModel(Employee e) { return e; }\n}\n',
  'links/src/main/java/payroll/EmployeeController.java': [
    'package payroll;',
    '',
    'public class EmployeeController {',
    '    private final EmployeeModelAssembler assembler = new EmployeeModelAssembler();',
    '',
    '    Object one() {',
    '        Employee employee = new Employee();',
    '        return assembler.toModel(employee);',
    '    }',
    '}',
    '',
  ].join('\n'),
  'links/src/test/java/payroll/EmployeeTest.java': 'package payroll;\n\nclass EmployeeTest {\n    void t() {\n        new Employee().name();\n    }\n}\n',
  'app/src/main/java/shop/Main.java': 'package shop;\n\nimport payroll.Employee;\nimport payroll.*;\n\npublic class Main {\n    Employee e;\n}\n',
  'links/src/main/java/shop/Uses.java': 'package shop;\n\nimport payroll.Employee;\nimport payroll.*;\n\npublic class Uses {\n    Employee e;\n}\n',
}

const targets = (graph: LayerGraph, path: string): string[] =>
  graph
    .edgesOf(path)
    .filter((edge) => edge.resolution === 'resolved' && edge.targetPath !== '' && (edge.kind === 'imports' || edge.kind === 'calls'))
    .map((edge) => `${edge.kind} ${edge.target} -> ${edge.targetPath}`)
    .sort()

describe('Java classes the modules of one build each have', () => {
  it("resolve to the importing module's own copy", async () => {
    const graph = new LayerGraph(await layersOfText(MODULES))
    expect(targets(graph, 'links/src/main/java/payroll/EmployeeController.java')).toEqual([
      'calls Employee -> links/src/main/java/payroll/Employee.java',
      'calls EmployeeModelAssembler -> links/src/main/java/payroll/EmployeeModelAssembler.java',
      'calls toModel -> links/src/main/java/payroll/EmployeeModelAssembler.java',
    ])
    expect(targets(graph, 'links/src/test/java/payroll/EmployeeTest.java')).toEqual(['calls Employee -> links/src/main/java/payroll/Employee.java', 'calls name -> links/src/main/java/payroll/Employee.java'])
    // A wildcard: the package's directories in the module (its tests' too), not another module's.
    expect(targets(graph, 'links/src/main/java/shop/Uses.java')).toEqual([
      'imports payroll -> links/src/main/java/payroll/',
      'imports payroll -> links/src/test/java/payroll/',
      'imports payroll.Employee -> links/src/main/java/payroll/Employee.java',
    ])
  })
})
