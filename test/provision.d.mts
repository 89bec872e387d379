// Types of test/provision.mjs (plain JavaScript so `npm test` can run it before anything is compiled).
export declare function chromiumPath(): string;
export declare function provide(selected: string[]): string | undefined;
