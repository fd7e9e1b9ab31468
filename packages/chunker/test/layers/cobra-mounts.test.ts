import { describe, expect, it } from 'vitest'
import { mountsOf } from './mounts-of.js'

describe('cobra subcommands as mounts', () => {
  it("reads cobra's AddCommand as mounts under the parent command's word: factories of other packages and of this one, command variables, functions handed the command and their factory arguments; a parent of another file is named for the graph to read", async () => {
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
      // A helper of the project that adds command factories' commands beneath its first argument.
      '\tcmdutil.AddGroup(cmd, "Targeted commands", newCmdCheckout(f), checkoutOptions(f))',
      '\tcmdutil.EnableRepoOverride(cmd, f)',
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
      // A function handed the command may add commands beneath it; command factories among its
      // other arguments are added (not `checkoutOptions(f)`: not named as one).
      'cmdutil.AddGroup at "alias" on "cmd" line 17',
      'newCmdCheckout at "alias" on "cmd" line 17',
      'cmdutil.EnableRepoOverride at "alias" on "cmd" line 18',
      'deleteCmd.NewCmdDelete at "alias" on "cmd" line 15',
      'newCmdList at "alias" on "cmd" line 16',
      'helpCmd at "alias" on "cmd" line 16',
      // `rootCmd` is another file's command: the graph reads its word there.
      'listCmd at "{rootCmd}" on "rootCmd" line 24',
      // `helpCmd` is this file's package-level command.
      'listCmd at "help-topics" on "helpCmd" line 25',
    ])
    expect(routes).toEqual([' help-topics on -', ' alias on -', ' ls on -'])
  })

  it('gives a command written inside its parent\'s AddCommand(...) the parent\'s words, through functions called there and nested parents', async () => {
    const { routes } = await mountsOf('pkg/cmd/extension/command.go', [
      'package extension',
      '',
      'import "github.com/spf13/cobra"',
      '',
      'func NewCmdExtension() *cobra.Command {',
      '\textCmd := cobra.Command{Use: "extension"}',
      '\textCmd.AddCommand(',
      '\t\tfunc() *cobra.Command {',
      '\t\t\tcmd := &cobra.Command{Use: "search [<query>]"}',
      '\t\t\treturn cmd',
      '\t\t}(),',
      '\t\t&cobra.Command{Use: "list", RunE: list},',
      '\t)',
      '\tbrowse := &cobra.Command{Use: "browse"}',
      '\tbrowse.AddCommand(&cobra.Command{Use: "open"})',
      '\textCmd.AddCommand(browse)',
      '\treturn &extCmd',
      '}',
    ])
    // `browse`, a local variable, is added by name in the same function: it carries `extension` too.
    expect(routes).toEqual([' extension on -', ' extension search on -', ' extension list on -', ' extension browse on -', ' extension browse open on -'])
  })
})
