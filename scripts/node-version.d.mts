export function requiredNodeRange(): string;
export function nodeVersionProblem(version: string, range: string): string | null;
