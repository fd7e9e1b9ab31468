/** Whether a code unit can be part of a name in the call scans: a letter, a digit, `_`, `$` or any non-ASCII character. */
export function isIdentifierCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127
}
