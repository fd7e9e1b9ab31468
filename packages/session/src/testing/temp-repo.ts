import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** A real directory tree in the system's temp folder, for tests. */
export interface TempRepo {
  readonly root: string
  /** Writes (or overwrites) a file, creating parent directories. */
  write(path: string, content: string): Promise<void>
  /** Deletes a file or directory. */
  remove(path: string): Promise<void>
  /** Deletes the whole tree. */
  dispose(): Promise<void>
}

/** Creates a temp directory holding `files` (relative path to content). */
export async function createTempRepo(files: Record<string, string> = {}): Promise<TempRepo> {
  const root = await mkdtemp(join(tmpdir(), 'rag-session-'))
  const write = async (path: string, content: string): Promise<void> => {
    const full = join(root, path)
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, content)
  }
  for (const [path, content] of Object.entries(files)) await write(path, content)
  return {
    root,
    write,
    remove: (path) => rm(join(root, path), { recursive: true, force: true }),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
}

/** A small TypeScript/Python/markdown project with distinct vocabulary per file. */
export const SAMPLE_FILES: Record<string, string> = {
  'src/auth/middleware.ts': [
    'import { verifyToken } from "./token"',
    '',
    '/** Rejects requests without a valid session token. */',
    'export function authMiddleware(request: Request): boolean {',
    '  const header = request.headers.get("authorization")',
    '  return header !== null && verifyToken(header)',
    '}',
    '',
  ].join('\n'),
  'src/auth/token.ts': [
    '/** Checks the signature and the expiry of a bearer token. */',
    'export function verifyToken(token: string): boolean {',
    '  return token.startsWith("Bearer ") && token.length > 20',
    '}',
    '',
  ].join('\n'),
  'src/db/pool.py': [
    'class ConnectionPool:',
    '    """Keeps open database connections for reuse."""',
    '',
    '    def acquire(self):',
    '        return self.connections.pop()',
    '',
  ].join('\n'),
  'docs/guide.md': ['# Guide', '', '## Deployment', '', 'Deploy the service with the release pipeline.', ''].join('\n'),
}
