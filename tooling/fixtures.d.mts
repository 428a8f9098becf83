export declare function fixturesDir(): string;
export declare function readFixture(relativePath: string): unknown;
