import type { ConversionSourceCode } from '@og/shared/contracts/conversions';

/** Where a source code sits in the walk through the codes (the result lists them problematic first). */
export interface CodeWalkPosition {
  /** 0-based place among all codes; -1 when the code is not in the list. */
  index: number;
  total: number;
  previous: string | null;
  next: string | null;
  /** 1-based place among the problematic codes (null: the code is not problematic). */
  problematicIndex: number | null;
  problematicCount: number;
}

export function codeWalkPosition(codes: readonly Pick<ConversionSourceCode, 'uri' | 'problematic'>[], uri: string): CodeWalkPosition {
  const index = codes.findIndex((code) => code.uri === uri);
  const problematic = codes.filter((code) => code.problematic);
  const problematicAt = problematic.findIndex((code) => code.uri === uri);
  return {
    index,
    total: codes.length,
    previous: index > 0 ? codes[index - 1]!.uri : null,
    next: index >= 0 && index < codes.length - 1 ? codes[index + 1]!.uri : null,
    problematicIndex: problematicAt >= 0 ? problematicAt + 1 : null,
    problematicCount: problematic.length,
  };
}

/** The first problematic code no decision was taken for (where 'Walk through the problematic codes' starts), else the first problematic one. */
export function firstCodeToWalk(codes: readonly Pick<ConversionSourceCode, 'uri' | 'problematic' | 'decided'>[]): string | null {
  return (codes.find((code) => code.problematic && !code.decided) ?? codes.find((code) => code.problematic))?.uri ?? null;
}
