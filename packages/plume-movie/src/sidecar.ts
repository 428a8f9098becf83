/** The HDF5 movie's sidecar (`<file>.plume-movie.yaml`, the reference's `media/sidecar.py`), as a zod schema. */
import { parse as parseYaml } from "yaml";
import * as z from "zod";
import { movieError, type MovieErrorContext } from "./errors.js";

const positive = z.number({ error: "a number > 0" }).finite().gt(0, { error: "a number > 0" });

/** The sidecar's keys (no others allowed), as the reference's pydantic model. */
export const MovieSidecarSchema = z
  .strictObject({
    version: z.literal(1, { error: "1" }).default(1),
    fps: positive,
    spatial_unit: z.string({ error: "a unit name, e.g. \"mm\" or \"pixel\"" }).min(1),
    pixels_per_unit: z.tuple([positive, positive], { error: "[y, x] pixels per unit, both > 0" }).optional(),
    h5_dataset: z.string({ error: "the HDF5 dataset path, e.g. \"movie/frames\"" }).min(1).optional(),
    path: z.string().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.spatial_unit === "pixel" && s.pixels_per_unit !== undefined) {
      ctx.addIssue({ code: "custom", path: ["pixels_per_unit"], message: 'omitted when spatial_unit is "pixel"' });
    }
    if (s.spatial_unit !== "pixel" && s.pixels_per_unit === undefined) {
      ctx.addIssue({ code: "custom", path: ["pixels_per_unit"], message: `required when spatial_unit is "${s.spatial_unit}" ([y, x], both > 0)` });
    }
  });
export type MovieSidecar = z.output<typeof MovieSidecarSchema>;

/** The sidecar path of a movie file (`media/sidecar.py`: `path.with_suffix(path.suffix + ".plume-movie.yaml")`). */
export function sidecarPathOf(path: string): string {
  return `${path}.plume-movie.yaml`;
}

/**
 * Parses and validates sidecar text; `h5` requires `h5_dataset`.
 * @throws ConfigurationError naming the sidecar file and the bad key.
 */
export function parseSidecar(text: string, where: string, h5: boolean, context: MovieErrorContext): MovieSidecar {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw movieError(context, "path", where, `the sidecar is not valid YAML (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`, "a YAML mapping: version, fps, spatial_unit, pixels_per_unit, h5_dataset");
  }
  const result = MovieSidecarSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0] as z.core.$ZodIssue;
    const key = issue.path.length > 0 ? issue.path.join(".") : issue.code === "unrecognized_keys" ? (issue as { keys: string[] }).keys.join(", ") : "(root)";
    const problem = issue.code === "unrecognized_keys" ? `unknown sidecar key(s) ${key}` : `sidecar key "${key}": ${issue.message}`;
    throw movieError(context, "path", where, problem, "sidecar keys: version (1), fps > 0, spatial_unit, pixels_per_unit [y, x] (unless pixel), h5_dataset, path", data);
  }
  if (h5 && result.data.h5_dataset === undefined) {
    throw movieError(context, "path", where, 'sidecar key "h5_dataset" is missing (required for HDF5 movies)', "h5_dataset: the dataset path, e.g. movie/frames");
  }
  return result.data;
}
