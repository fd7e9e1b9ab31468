import { describe, expect, it } from 'vitest'
import { mountsOf } from './mounts-of.js'

describe('cobra subcommands as mounts', () => {
  it("reads cobra's AddCommand as mounts under the parent command's word: factories of other packages and of this one, command variables; a parent of another file is named for the graph to read", async () => {
    const { mounts, routes } = await mountsOf('pkg/cmd/alias/alias.go', [
      'package alias',
      '',
      'import (',
      '\tdeleteCmd "github.com/cli/cli/pkg/cmd/alias/delete"',
      '\t"github.com/spf13/cobra"',
      ')',
      '',
      'var helpCmd = &cobra.Command{Use: "help-topics"}',
      '',
      'func NewCmdAlias(f *Factory) *cobra.Command {',
      '\tcmd := &cobra.Command{',
      '\t\tUse:   "alias <command>",',
      '\t\tShort: "Create command shortcuts",',
      '\t}',
      '\tcmd.AddCommand(deleteCmd.NewCmdDelete(f, nil))',
      '\tcmd.AddCommand(newCmdList(f), helpCmd)',
      '\treturn cmd',
      '}',
      '',
      'func init() {',
      '\tlistCmd := &cobra.Command{Use: "ls"}',
      '\trootCmd.AddCommand(listCmd)',
      '\thelpCmd.AddCommand(listCmd)',
      '}',
    ])
    expect(mounts).toEqual([
      'deleteCmd.NewCmdDelete at "alias" on "cmd" line 15',
      'newCmdList at "alias" on "cmd" line 16',
      'helpCmd at "alias" on "cmd" line 16',
      // `rootCmd` is another file's command: the graph reads its word there.
      'listCmd at "{rootCmd}" on "rootCmd" line 22',
      // `helpCmd` is this file's package-level command.
      'listCmd at "help-topics" on "helpCmd" line 23',
    ])
    expect(routes).toEqual([' help-topics on -', ' alias on -', ' ls on -'])
  })
})
