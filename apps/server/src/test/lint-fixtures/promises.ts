// A lint fixture (architecture-lint.test.ts): each marked line breaks one type-aware promise rule.
export async function save(): Promise<void> {}

export async function fixture(items: string[]) {
  save(); // no-floating-promises
  items.forEach(async () => {
    // no-misused-promises (a promise where forEach expects nothing)
    await save();
  });
  await items.length; // await-thenable
  void save();
  await save();
}
