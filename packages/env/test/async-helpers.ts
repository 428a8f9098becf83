/** What the AsyncVectorEnv tests share: `create` keeps every env it makes, and `closeAll` (run after each test) closes them. */
import { AsyncVectorEnv } from "../dist/node.js";

const open: AsyncVectorEnv[] = [];

export async function create(options: Parameters<typeof AsyncVectorEnv.create>[0]): Promise<AsyncVectorEnv> {
  const vec = await AsyncVectorEnv.create(options);
  open.push(vec);
  return vec;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((vec) => vec.close()));
}
