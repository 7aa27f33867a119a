/**
 * How deep `value` nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion and
 * given up past `limit`: a body nested thousands of levels would overflow the stack of anything
 * recursive that meets it (JSON.stringify, on its way to the service).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
