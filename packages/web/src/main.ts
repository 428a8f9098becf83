/**
 * The page: a form and a YAML/JSON editor over one environment config, a worker that steps the episode, a
 * canvas and small charts that show it, and a comparison of baselines over seeded episodes.
 */
import { DEFAULT_PLUME_SIGMA } from "@plume/env";
import { DEFAULT_ENV_CONFIG, formatTable, type EpisodeResult, type StepRecord } from "@plume/cli/browser";
import { Sparkline } from "./charts.js";
import { cliCommands, configText, lineOfPath, parseConfigText, pathSegments } from "./configtext.js";
import { drawFrame, drawPanel, FieldImage } from "./draw.js";
import { EXAMPLE_FILES, examplesFor } from "./examples.js";
import type { Choices, CompareRow, ErrorInfo, FromWorker, RunRequest, Scene, ToWorker } from "./protocol.js";
import "./style.css";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (id: string) => $<HTMLInputElement>(id);
const select = (id: string) => $<HTMLSelectElement>(id);

/** Speeds of the slider, in steps per second (0 = as fast as the worker can). */
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 0];
/** The sensor choice that leaves `sensor` out of the config: the policy picks its own (greedy: 4 antennae), as the CLI does. */
const POLICY_SENSOR = "";
const MAX_SEED = 4294967295;
/** The colour scale of a time-varying plume's frames: concentrations lie in [0, 1] (as `plume render --gif` draws them). */
const TIME_VARYING_RANGE = [0, 1] as const;

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
const send = (message: ToWorker) => worker.postMessage(message);

const charts = {
  reward: new Sparkline($("chart-reward"), "reward", "#ffb020"),
  reading: new Sparkline($("chart-reading"), "sensor reading", "#5ad0ff"),
  distance: new Sparkline($("chart-distance"), "distance to source", "#7ee070"),
};

let choices: Choices | undefined;
let format: "yaml" | "json" = "yaml";
let raw: Record<string, unknown> = {};
let loadId = 0;
let compareId = 0;
let scene: Scene | undefined;
let field: FieldImage | undefined;
let trail: [number, number][] = [];
let heading = 0;
let log: StepRecord[] = [];
let result: EpisodeResult | undefined;
let playing = false;
let loading = false;
let dirty = false;
let totalReward = 0;
let compareRows: readonly CompareRow[] | undefined;
let firstFrameMs: number | undefined;
let frames = 0;
let drawMs = 0;
let forceRedraw = false;
let loadError: ErrorInfo | undefined;
let scenes = 0;
/** Fields received with frames (a time-varying plume's). */
let fieldUpdates = 0;
/** Loads answered (a scene or an error). */
let answers = 0;

// ------------------------------------------------------------------ the config: form <-> object <-> text

function setOptions(el: HTMLSelectElement, values: readonly string[], labels: Readonly<Record<string, string>> = {}): void {
  el.replaceChildren(...values.map((v) => new Option(labels[v] ?? v, v)));
}

function typeOf(spec: unknown): string | undefined {
  if (typeof spec === "string") return spec;
  if (spec !== null && typeof spec === "object" && typeof (spec as { type?: unknown }).type === "string") return (spec as { type: string }).type;
  return undefined;
}

function pair(value: unknown): [unknown, unknown] | undefined {
  if (Array.isArray(value) && value.length === 2) return [value[0], value[1]];
  if (value !== null && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("width" in v || "height" in v) return [v["width"], v["height"]];
    if ("x" in v || "y" in v) return [v["x"], v["y"]];
  }
  return undefined;
}

const setNumber = (id: string, value: unknown) => {
  if (typeof value === "number") input(id).value = String(value);
};

/** Shows the config's known fields in the form (fields the form does not know stay in the editor only). */
function configToForm(config: Record<string, unknown>): void {
  const grid = pair(config["gridSize"]);
  setNumber("grid-w", grid?.[0]);
  setNumber("grid-h", grid?.[1]);
  const source = pair(config["goalLocation"]);
  setNumber("source-x", source?.[0]);
  setNumber("source-y", source?.[1]);
  setNumber("goal-radius", config["goalRadius"]);
  setNumber("max-steps", config["maxSteps"]);
  const plume = typeOf(config["plume"]);
  if (plume !== undefined && choices?.plume.includes(plume)) select("plume").value = plume;
  const sigma = (config["plume"] as { options?: { sigma?: unknown } } | undefined)?.options?.sigma;
  if (select("plume").value === "gaussian") setNumber("sigma", sigma ?? DEFAULT_PLUME_SIGMA);
  $("sigma-row").hidden = select("plume").value !== "gaussian";
  const sensor = typeOf(config["sensor"]);
  select("sensor").value = sensor === undefined ? POLICY_SENSOR : choices?.sensor.includes(sensor) === true ? sensor : select("sensor").value;
  for (const key of ["action", "reward"] as const) {
    const type = typeOf(config[key]);
    if (type !== undefined && choices?.[key].includes(type)) select(key).value = type;
  }
}

const numberOf = (id: string) => (input(id).value.trim() === "" ? Number.NaN : Number(input(id).value));

/** The config keys each form control writes. */
const CONTROL_KEYS: Readonly<Record<string, string>> = {
  "grid-w": "gridSize",
  "grid-h": "gridSize",
  "source-x": "goalLocation",
  "source-y": "goalLocation",
  "goal-radius": "goalRadius",
  "max-steps": "maxSteps",
  plume: "plume",
  sigma: "plume",
  sensor: "sensor",
  action: "action",
  reward: "reward",
};

/**
 * The config with the changed form control written into it. Only that control's key changes: what the form
 * shows of the rest (defaults, a movie's own source) stays the config's business. A new grid moves a source
 * that sat at the old grid's centre to the new centre, as the CLI's `--grid` does.
 */
function formToConfig(base: Record<string, unknown>, control: string): Record<string, unknown> {
  const config: Record<string, unknown> = { ...base };
  switch (CONTROL_KEYS[control]) {
    case "gridSize": {
      const old = pair(config["gridSize"]);
      const width = numberOf("grid-w");
      const height = numberOf("grid-h");
      config["gridSize"] = [width, height];
      const source = [numberOf("source-x"), numberOf("source-y")];
      if (old !== undefined && source[0] === Math.floor(Number(old[0]) / 2) && source[1] === Math.floor(Number(old[1]) / 2) && Number.isInteger(width) && Number.isInteger(height)) {
        config["goalLocation"] = [Math.floor(width / 2), Math.floor(height / 2)];
      }
      break;
    }
    case "goalLocation":
      config["goalLocation"] = [numberOf("source-x"), numberOf("source-y")];
      break;
    case "goalRadius":
      config["goalRadius"] = numberOf("goal-radius");
      break;
    case "maxSteps":
      config["maxSteps"] = numberOf("max-steps");
      break;
    case "plume": {
      const plumeType = select("plume").value;
      const previous = config["plume"];
      const options = typeOf(previous) === plumeType && previous !== null && typeof previous === "object" ? { ...((previous as { options?: object }).options ?? {}) } : {};
      if (plumeType === "gaussian") (options as Record<string, unknown>)["sigma"] = numberOf("sigma");
      config["plume"] = Object.keys(options).length === 0 ? { type: plumeType } : { type: plumeType, options };
      break;
    }
    case "sensor": {
      const sensor = select("sensor").value;
      if (sensor === POLICY_SENSOR) delete config["sensor"];
      else if (typeOf(config["sensor"]) !== sensor) config["sensor"] = { type: sensor };
      break;
    }
    case "action":
    case "reward": {
      const key = CONTROL_KEYS[control] as "action" | "reward";
      if (typeOf(config[key]) !== select(key).value) config[key] = { type: select(key).value };
      break;
    }
  }
  return config;
}

const editor = () => $<HTMLTextAreaElement>("config-text");

function writeEditor(config: Record<string, unknown>): void {
  editor().value = configText(config, format);
  renderGutter(new Map());
}

// ------------------------------------------------------------------ errors beside the fields

/** The form field an error path belongs to: the longest `data-error-for` that is a prefix of it. */
function errorSlot(parameter: string | undefined): HTMLElement {
  const segments = parameter === undefined ? [] : pathSegments(parameter).map(String);
  let best: HTMLElement = $("config-error");
  let bestLength = 0;
  for (const el of document.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const key = pathSegments(el.dataset["errorFor"] ?? "").map(String);
    if (key.length > bestLength && key.every((k, i) => segments[i] === k)) {
      best = el;
      bestLength = key.length;
    }
  }
  return best;
}

function clearErrors(): void {
  for (const el of document.querySelectorAll<HTMLElement>("[data-error-for]")) {
    el.textContent = "";
    el.closest("label")?.classList.remove("invalid");
  }
  for (const el of document.querySelectorAll(".invalid")) el.classList.remove("invalid");
  renderGutter(new Map());
}

function showError(error: ErrorInfo, line?: number): void {
  const slot = errorSlot(error.parameter);
  slot.textContent = error.message;
  slot.previousElementSibling?.classList.add("invalid");
  const at = line ?? (error.parameter === undefined ? undefined : lineOfPath(editor().value, error.parameter));
  if (at !== undefined) {
    renderGutter(new Map([[at, error.message]]));
    if (slot.id !== "config-error") $("config-error").textContent = `line ${at}: ${error.parameter ?? ""} — see the field`;
    else slot.textContent = `line ${at}: ${error.message}`;
  }
  setStatus(`config error${error.parameter === undefined ? "" : ` in ${error.parameter}`}`);
}

function renderGutter(errors: ReadonlyMap<number, string>): void {
  const lines = editor().value.split("\n").length;
  const gutter = $("gutter");
  gutter.replaceChildren(
    ...Array.from({ length: lines }, (_, i) => {
      const div = document.createElement("div");
      div.textContent = String(i + 1);
      const message = errors.get(i + 1);
      if (message !== undefined) {
        div.className = "bad";
        div.title = message;
        div.dataset["error"] = message;
      }
      return div;
    }),
  );
  gutter.scrollTop = editor().scrollTop;
}

function setStatus(text: string): void {
  $("status").textContent = text;
}

// ------------------------------------------------------------------ loading and running

function seed(): number {
  return numberOf("seed");
}

/** The policy options typed as JSON (undefined when empty); shows the error beside the field when they are not a JSON object. */
function policyOptions(): Record<string, unknown> | undefined | null {
  const text = input("policy-options").value.trim();
  if (text === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    showError({ name: "SyntaxError", parameter: "policyOptions", message: `policy options: not valid JSON (${(error as Error).message}); write a JSON object, e.g. {"threshold": 0.001}` });
    return null;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    showError({ name: "ValidationError", parameter: "policyOptions", message: `policy options: expected a JSON object, e.g. {"threshold": 0.001}, got ${text}` });
    return null;
  }
  return value as Record<string, unknown>;
}

function request(): RunRequest | undefined {
  const options = policyOptions();
  if (options === null) return undefined;
  const s = seed();
  if (!Number.isInteger(s) || s < 0 || s > MAX_SEED) {
    showError({ name: "ValidationError", parameter: "seed", message: `seed: an integer in [0, ${MAX_SEED}], got ${input("seed").value || "nothing"}` });
    return undefined;
  }
  return { config: raw, policy: select("policy").value, ...(options !== undefined && { policyOptions: options }), seed: s };
}

/** Reads the editor, shows syntax errors at their line, and loads the episode of a config that parses. */
function loadFromEditor(): void {
  clearErrors();
  const parsed = parseConfigText(editor().value);
  if (!parsed.ok) {
    showError({ name: "SyntaxError", message: parsed.message }, parsed.line);
    return;
  }
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    showError({ name: "ConfigurationError", message: "the config must be one object ({ gridSize, plume, sensor, ... })" }, 1);
    return;
  }
  raw = value as Record<string, unknown>;
  configToForm(raw);
  load();
}

function load(): void {
  const req = request();
  updateCommands();
  if (req === undefined) return;
  loading = true;
  loadId += 1;
  send({ type: "load", id: loadId, request: req });
  setStatus("loading…");
}

function onScene(next: Scene): void {
  loading = false;
  loadError = undefined;
  scenes += 1;
  answers += 1;
  scene = next;
  if (field === undefined || field.width !== next.width || field.height !== next.height) field = new FieldImage(next.width, next.height);
  field.update(next.field, next.timeVarying ? TIME_VARYING_RANGE : undefined);
  trail = [[next.start[0], next.start[1]]];
  heading = next.heading;
  log = [];
  result = undefined;
  playing = false;
  totalReward = 0;
  for (const chart of Object.values(charts)) chart.clear();
  // The form shows what runs: the config with its defaults (the sensor choice stays the editor's).
  const sensorChoice = select("sensor").value;
  configToForm(next.resolvedConfig as Record<string, unknown>);
  select("sensor").value = sensorChoice;
  input("grid-w").value = String(next.width);
  input("grid-h").value = String(next.height);
  input("source-x").value = String(next.goal[0]);
  input("source-y").value = String(next.goal[1]);
  $("episode-line").textContent = `${next.policy} (${next.sensor} sensor), seed ${next.seed}: ${next.description}`;
  setStatus("ready: press Run or Step");
  dirty = true;
}

function onFrame(message: Extract<FromWorker, { type: "frame" }>): void {
  for (const step of message.steps) {
    trail.push([step.record.position[0], step.record.position[1]]);
    log.push(step.record);
    heading = step.heading;
    totalReward += step.record.reward;
    charts.reward.push(step.record.reward);
    charts.reading.push(step.reading);
    charts.distance.push(step.distance);
  }
  if (message.field !== undefined) {
    field?.update(message.field, TIME_VARYING_RANGE);
    fieldUpdates += 1;
  }
  playing = message.playing;
  if (message.result !== undefined) {
    result = message.result;
    setStatus(`${result.success ? "reached the source" : "did not reach the source"} in ${result.steps} steps, return ${result.return}`);
  } else if (message.steps.length > 0 || !playing) {
    setStatus(`${playing ? "running" : "paused"}: step ${log.length}, return ${totalReward.toFixed(3)}`);
  }
  dirty = true;
}

worker.onmessage = (event: MessageEvent<FromWorker>) => {
  const message = event.data;
  switch (message.type) {
    case "ready":
      start(message.choices);
      return;
    case "loaded":
      if (message.id === loadId || message.id === -1) onScene(message.scene);
      return;
    case "frame":
      onFrame(message);
      return;
    case "progress": {
      const bar = $<HTMLProgressElement>("compare-progress");
      bar.max = message.total;
      bar.value = message.done;
      setStatus(`comparing: ${message.policy}, ${message.done}/${message.total} episodes`);
      return;
    }
    case "compared":
      if (message.id === compareId) showComparison(message.rows);
      return;
    case "bench":
      benchResolve?.(message);
      return;
    case "error":
      if (message.id === compareId) $<HTMLProgressElement>("compare-progress").hidden = true;
      if (message.id === undefined || message.id === loadId || message.id === compareId) {
        loading = false;
        answers += 1;
        loadError = message.error;
        clearErrors();
        showError(message.error);
      }
      return;
  }
};

// ------------------------------------------------------------------ comparison

function selectedPolicies(): string[] {
  return [...document.querySelectorAll<HTMLInputElement>("#compare-policies input:checked")].map((el) => el.value);
}

function compareNow(): void {
  const episodes = numberOf("episodes");
  const slot = document.querySelector<HTMLElement>('[data-error-for="episodes"]') as HTMLElement;
  slot.textContent = "";
  if (!Number.isInteger(episodes) || episodes < 1 || episodes > 10000) {
    slot.textContent = "episodes: an integer in [1, 10000]";
    return;
  }
  const first = seed();
  if (!Number.isInteger(first) || first < 0 || first + episodes - 1 > MAX_SEED) {
    request();
    return;
  }
  const policies = selectedPolicies();
  if (policies.length === 0) {
    slot.textContent = "choose at least one policy";
    return;
  }
  compareId += 1;
  compareRows = undefined;
  const bar = $<HTMLProgressElement>("compare-progress");
  bar.hidden = false;
  bar.value = 0;
  send({ type: "compare", id: compareId, config: raw, policies, seeds: Array.from({ length: episodes }, (_, i) => first + i) });
}

function showComparison(rows: readonly CompareRow[]): void {
  compareRows = rows;
  $<HTMLProgressElement>("compare-progress").hidden = true;
  const table = $<HTMLTableElement>("results-table");
  const head = ["policy", "sensor", "episodes", "success", "mean steps*", "median steps*", "mean length", "mean return"];
  (table.tHead as HTMLTableSectionElement).replaceChildren(row(head, "th"));
  const fixed = (v: number | null, d: number) => (v === null ? "-" : v.toFixed(d));
  table.tBodies[0]?.replaceChildren(
    ...rows.map(({ policy, sensor, summary: s }) =>
      row([policy, sensor, String(s.episodes), `${(s.successRate * 100).toFixed(1)}%`, fixed(s.meanStepsToSource, 1), fixed(s.medianStepsToSource, 1), s.meanEpisodeLength.toFixed(1), s.meanReturn.toFixed(3)], "td", policy),
    ),
  );
  drawPanels(rows);
  showEpisodes(rows);
  $("results-text").textContent = formatTable(rows.map(({ policy, sensor, summary }) => ({ policy, sensor, summary })));
  setStatus(`compared ${rows.map((r) => r.policy).join(", ")} over ${rows[0]?.summary.episodes ?? 0} episodes`);
}

/** Every episode of the comparison, side by side per policy: seed, success, steps, return. */
function showEpisodes(rows: readonly CompareRow[]): void {
  const details = $<HTMLDetailsElement>("episodes-details");
  const table = $<HTMLTableElement>("episodes-table");
  const n = rows[0]?.episodes.length ?? 0;
  (table.tHead as HTMLTableSectionElement).replaceChildren(row(["seed", ...rows.map((r) => r.policy)], "th"));
  table.tBodies[0]?.replaceChildren(
    ...Array.from({ length: n }, (_, i) =>
      row([String(rows[0]?.episodes[i]?.seed ?? ""), ...rows.map((r) => {
        const e = r.episodes[i];
        return e === undefined ? "" : `${e.success ? "✓" : "✗"} ${e.steps} steps, return ${Number(e.return.toFixed(3))}`;
      })], "td"),
    ),
  );
  details.hidden = n === 0;
}

/** One picture per policy, as `plume compare` draws them: the first episodes' trails over the plume. */
function drawPanels(rows: readonly CompareRow[]): void {
  const panels = $("compare-panels");
  if (scene === undefined || field === undefined) {
    panels.replaceChildren();
    return;
  }
  const size = 160;
  const aspect = scene.height / scene.width;
  panels.replaceChildren(
    ...rows.map((r) => {
      const figure = document.createElement("figure");
      figure.dataset["policy"] = r.policy;
      const canvas = document.createElement("canvas");
      canvas.width = aspect <= 1 ? size : Math.round(size / aspect);
      canvas.height = aspect <= 1 ? Math.round(size * aspect) : size;
      drawPanel(canvas, field as FieldImage, (scene as Scene).source, r.trails);
      const caption = document.createElement("figcaption");
      caption.textContent = `${r.policy}: ${(r.summary.successRate * 100).toFixed(0)}% success`;
      figure.append(canvas, caption);
      return figure;
    }),
  );
}

function row(cells: readonly string[], tag: "td" | "th", policy?: string): HTMLTableRowElement {
  const tr = document.createElement("tr");
  if (policy !== undefined) tr.dataset["policy"] = policy;
  tr.replaceChildren(
    ...cells.map((text) => {
      const cell = document.createElement(tag);
      cell.textContent = text;
      return cell;
    }),
  );
  return tr;
}

// ------------------------------------------------------------------ drawing

function frame(): void {
  if ((dirty || forceRedraw) && scene !== undefined && field !== undefined) {
    const started = performance.now();
    drawFrame($<HTMLCanvasElement>("scene"), { field, source: scene.source, trail, heading });
    for (const chart of Object.values(charts)) chart.draw();
    drawMs += performance.now() - started;
    frames += 1;
    if (firstFrameMs === undefined) {
      firstFrameMs = performance.now();
      performance.mark("plume:first-frame");
    }
    dirty = false;
  }
  requestAnimationFrame(frame);
}

// ------------------------------------------------------------------ wiring

function speed(): number {
  return SPEEDS[Number(input("speed").value)] ?? 100;
}

function updateSpeedLabel(): void {
  const s = speed();
  $("speed-label").textContent = s === 0 ? "max" : `${s} steps/s`;
}

function updateCommands(): void {
  $("cli-commands").textContent = cliCommands("plume.yaml", select("policy").value, seed(), selectedPolicies(), numberOf("episodes"), input("policy-options").value.trim()).join("\n");
}

let editTimer: ReturnType<typeof setTimeout> | undefined;

function fromForm(event: Event): void {
  raw = formToConfig(raw, (event.target as HTMLElement).id);
  $("sigma-row").hidden = select("plume").value !== "gaussian";
  writeEditor(raw);
  clearErrors();
  load();
}

async function copyConfig(): Promise<void> {
  const text = editor().value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    editor().select();
    document.execCommand("copy");
  }
  setStatus(`copied the config: save it as plume.yaml and run ${cliCommands("plume.yaml", select("policy").value, seed(), [], 0, input("policy-options").value.trim())[0] ?? ""}`);
}

function initialConfig(): Record<string, unknown> {
  const params = new URLSearchParams(location.search);
  const { sensor: _sensor, ...rest } = JSON.parse(JSON.stringify(DEFAULT_ENV_CONFIG)) as Record<string, unknown>;
  const config: Record<string, unknown> = rest;
  const grid = Number(params.get("grid"));
  if (Number.isInteger(grid) && grid > 0) {
    config["gridSize"] = [grid, grid];
    config["goalLocation"] = [Math.floor(grid / 2), Math.floor(grid / 2)];
  }
  return config;
}

function start(available: Choices): void {
  choices = available;
  setOptions(select("plume"), available.plume);
  setOptions(select("sensor"), [POLICY_SENSOR, ...available.sensor], { [POLICY_SENSOR]: "policy's own" });
  setOptions(select("action"), available.action);
  setOptions(select("reward"), available.reward);
  setOptions(select("policy"), available.policy);
  select("policy").value = available.policy.includes("temporal-gradient") ? "temporal-gradient" : (available.policy[0] ?? "");
  $("compare-policies").replaceChildren(
    ...available.policy.map((name) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = name;
      box.checked = true;
      box.addEventListener("change", updateCommands);
      label.append(box, ` ${name}`);
      return label;
    }),
  );
  const examples = examplesFor(EXAMPLE_FILES, available);
  setOptions(select("example"), ["", ...examples.map((e) => e.name)], Object.fromEntries([["", "—"], ...examples.map((e) => [e.name, e.name])]));
  $("example-row").hidden = examples.length === 0;
  select("example").addEventListener("change", () => {
    const example = examples.find((e) => e.name === select("example").value);
    if (example === undefined) return;
    select("example").title = example.summary;
    editor().value = example.text;
    loadFromEditor();
  });
  const params = new URLSearchParams(location.search);
  if (params.get("options") !== null) input("policy-options").value = params.get("options") as string;
  if (params.get("seed") !== null) input("seed").value = params.get("seed") as string;
  if (params.get("policy") !== null && available.policy.includes(params.get("policy") as string)) select("policy").value = params.get("policy") as string;
  raw = initialConfig();
  configToForm(raw);
  writeEditor(raw);
  for (const id of Object.keys(CONTROL_KEYS)) $(id).addEventListener("change", fromForm);
  for (const id of ["policy", "seed", "policy-options"]) $(id).addEventListener("change", () => {
    clearErrors();
    load();
  });
  input("episodes").addEventListener("change", updateCommands);
  editor().addEventListener("input", () => {
    if (editTimer !== undefined) clearTimeout(editTimer);
    editTimer = setTimeout(loadFromEditor, 300);
  });
  editor().addEventListener("scroll", () => ($("gutter").scrollTop = editor().scrollTop));
  for (const radio of document.querySelectorAll<HTMLInputElement>("input[name=format]")) {
    radio.addEventListener("change", () => {
      format = radio.value === "json" ? "json" : "yaml";
      const parsed = parseConfigText(editor().value);
      if (parsed.ok) writeEditor(parsed.value as Record<string, unknown>);
    });
  }
  $("run").addEventListener("click", () => send({ type: "play", stepsPerSecond: speed() }));
  $("pause").addEventListener("click", () => send({ type: "pause" }));
  $("step").addEventListener("click", () => send({ type: "step" }));
  $("reset").addEventListener("click", () => send({ type: "reset" }));
  input("speed").addEventListener("input", () => {
    updateSpeedLabel();
    if (playing) send({ type: "play", stepsPerSecond: speed() });
  });
  $("compare").addEventListener("click", compareNow);
  $("copy").addEventListener("click", () => void copyConfig());
  updateSpeedLabel();
  load();
}

// ------------------------------------------------------------------ the page's API for tests and measurements

let benchResolve: ((message: Extract<FromWorker, { type: "bench" }>) => void) | undefined;

/** What tests and `npm run web:measure` read and drive. */
const api = {
  state: () => ({ scenes, answers, frames, fieldUpdates, timeVarying: scene?.timeVarying === true, loading, loaded: scene !== undefined && !loading, playing, steps: log.length, done: result !== undefined, result, error: loadError, scene: scene === undefined ? undefined : { width: scene.width, height: scene.height, seed: scene.seed, policy: scene.policy } }),
  episodeLog: () => log,
  resolvedConfig: () => scene?.resolvedConfig,
  compareRows: () => compareRows,
  firstFrameMs: () => firstFrameMs,
  /** Redraws every animation frame for `seconds` (the episode may be running): frames per second and mean ms per draw. */
  measureDrawing: async (seconds: number) => {
    const f0 = frames;
    const d0 = drawMs;
    forceRedraw = true;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    forceRedraw = false;
    const elapsed = (performance.now() - started) / 1000;
    const n = frames - f0;
    return { fps: n / elapsed, msPerDraw: n === 0 ? 0 : (drawMs - d0) / n, frames: n };
  },
  /** Steps the current config's episode in the worker as fast as it goes for `seconds` (half with views, half bare). */
  benchWorker: (seconds: number) =>
    new Promise<Extract<FromWorker, { type: "bench" }>>((resolve) => {
      const req = request();
      if (req === undefined) throw new Error("bad seed");
      benchResolve = resolve;
      send({ type: "bench", id: 0, request: req, seconds });
    }),
};
(window as unknown as { plumePage: typeof api }).plumePage = api;
requestAnimationFrame(frame);
