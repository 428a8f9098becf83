import type { UserConfig } from "vitest/config";
export declare function packageConfig(overrides?: UserConfig): UserConfig;
