// Drives Node's loggers for internal/corpusgen: pino, bunyan and winston at
// the versions of package-lock.json beside this file. The log goes to stderr
// as each library writes it, and for every call a JSON report
// {"lines", "format", "level", "call"} goes to the file $CORPUSGEN_REPORT,
// the level being the level of the call made (mapped to relevel's words by
// the tables below, never read back from the output). Each mode ends with an
// exception nobody catches: Node itself prints it and exits 1.
"use strict";
const fs = require("fs");

// process.stderr (a pipe: synchronous on Linux), counting the newlines
// written through it. Every library below writes through it.
let lines = 0;
const rawWrite = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
  lines += String(chunk).split("\n").length - 1;
  return rawWrite(chunk, ...rest);
};
const report = fs.openSync(process.env.CORPUSGEN_REPORT, "w");

function rec(format, level, call, fn) {
  const before = lines;
  fn();
  fs.writeSync(report, JSON.stringify({ lines: lines - before, format, level, call }) + "\n");
}

// The canonical level of each library's level names (relevel's contract).
const pinoLevels = { trace: "debug", debug: "debug", info: "info", warn: "warning", error: "error", fatal: "critical" };
const npmLevels = { error: "error", warn: "warning", info: "info", http: "info", verbose: "debug", debug: "debug", silly: "debug" };
const syslogLevels = {
  emerg: "emergency", alert: "alert", crit: "critical", error: "error",
  warning: "warning", notice: "notice", info: "info", debug: "debug",
};

function fetchUser(id) {
  if (id < 0) throw new RangeError(`no user ${id}`);
}
function failure(id) {
  try {
    fetchUser(id);
  } catch (e) {
    return e;
  }
}

function runPino(labels) {
  const pino = require("pino");
  const opts = { level: "trace", base: { pid: process.pid, hostname: "api-7d9f" } };
  if (labels) {
    opts.formatters = { level: (label) => ({ level: label }) };
    opts.customLevels = { notice: 35 };
  }
  const log = pino(opts, process.stderr);
  const name = labels ? "pino (formatters.level: the label)" : "pino";
  for (const lv of Object.keys(pinoLevels)) {
    rec("json", pinoLevels[lv], `${name} ${lv}`, () => log[lv]({ req: 42 }, `${lv} message`));
  }
  rec("json", "info", `${name} info, a level word inside`, () => log.info("retry after ERROR 503 from the upstream"));
  rec("json", "info", `${name} child logger info`, () => log.child({ module: "db" }).info("pool ready"));
  rec("json", "error", `${name} error(err): the error serialised with its stack`, () => log.error(failure(-1)));
  rec("json", "info", `${name} multi-line message (escaped in JSON)`, () => log.info("configuration:\n  pool: 5\n  timeout: 30"));
  if (labels) {
    // A custom level named as a syslog severity: its label is written.
    rec("json", "notice", `${name} custom level notice (customLevels {notice: 35})`, () => log.notice("certificate renewed"));
  }
}

function runBunyan() {
  const bunyan = require("bunyan");
  const log = bunyan.createLogger({ name: "api", hostname: "api-7d9f", level: "trace", stream: process.stderr });
  for (const lv of Object.keys(pinoLevels)) {
    rec("json", pinoLevels[lv], `bunyan ${lv}`, () => log[lv]({ req: 42 }, `${lv} message`));
  }
  rec("json", "info", "bunyan info, a level word inside", () => log.info("retry after ERROR 503 from the upstream"));
  rec("json", "error", "bunyan error(err): the error serialised with its stack", () => log.error(failure(-1)));
}

function winstonLogger(format, levels, level) {
  const winston = require("winston");
  return winston.createLogger({
    levels, level, format,
    // Every level to stderr, as the Agent sees them.
    transports: [new winston.transports.Console({ stderrLevels: Object.keys(levels) })],
  });
}

function runWinston(kind, syslog) {
  const winston = require("winston");
  const { format } = winston;
  const levels = syslog ? winston.config.syslog.levels : winston.config.npm.levels;
  const words = syslog ? syslogLevels : npmLevels;
  const lowest = syslog ? "debug" : "silly";
  const formats = {
    json: [format.combine(format.errors({ stack: true }), format.timestamp(), format.json()), "json",
      "format.combine(format.errors({stack: true}), format.timestamp(), format.json())"],
    simple: [format.combine(format.errors({ stack: true }), format.simple()), "winston",
      "format.combine(format.errors({stack: true}), format.simple())"],
    // format.cli() pads for the cli level set unless given the levels.
    cli: [syslog ? format.cli({ levels }) : format.cli(), "winston", syslog ? "format.cli({levels})" : "format.cli()"],
    colorize: [format.combine(format.colorize(), format.simple()), "winston",
      "format.combine(format.colorize(), format.simple())"],
    // A layout of the user's own: relevel claims none of it (format "").
    printf: [format.combine(format.timestamp(), format.printf((i) => `${i.timestamp} ${i.level}: ${i.message}`)), "",
      "format.combine(format.timestamp(), format.printf(`${timestamp} ${level}: ${message}`))"],
  };
  const [fmt, name, desc] = formats[kind];
  const log = winstonLogger(fmt, levels, lowest);
  const set = syslog ? "syslog levels" : "npm levels";
  const who = `winston ${desc}, ${set}`;
  // Uncoloured, "error: msg" and "http: msg" without the JSON of the
  // record's properties are the shape of any program's plain stderr line
  // ("error: failed to load config: …", Go's "http: TLS handshake error
  // …"): relevel leaves them unclaimed by design, and the stream's status
  // (error on stderr) stands. The call decides it, not the output.
  const plain = kind === "simple";
  rec("", "", "console.error: no logger", () => console.error("listening on :8080"));
  const word = (lv) => (name === "" ? "" : words[lv]);
  for (const lv of Object.keys(levels)) {
    if (plain && (lv === "error" || lv === "http")) {
      rec("", "", `${who}: ${lv}, no properties: unclaimed by design`, () => log.log(lv, `${lv} message`));
      continue;
    }
    rec(name, word(lv), `${who}: ${lv}`, () => log.log(lv, `${lv} message`));
  }
  rec(name, word("info"), `${who}: info with metadata`, () => log.info("request served", { status: 200, ms: 12 }));
  if (!syslog) rec(name, word("http"), `${who}: http with metadata`, () => log.http("GET /items 200", { ms: 3 }));
  rec(name, word("info"), `${who}: info, a level word inside`, () => log.info("retry after error 503 from the upstream"));
  if (name === "") return; // a multi-line message's lines would be records of their own
  rec(name, "warning", `${who}: ${syslog ? "warning" : "warn"}, a multi-line message`,
    () => log.log(syslog ? "warning" : "warn", "configuration:\n  pool: 5\n  timeout: 30"));
  rec(name, "error", `${who}: error(new Error): the error with its stack`, () => log.error(failure(-1)));
}

// NestJS's ConsoleLogger, the default logger of a NestJS application, in
// colour as by default (a pipe or not) or without (NO_COLOR). It writes LOG,
// WARN, DEBUG and VERBOSE to stdout and ERROR and FATAL to stderr: both go to
// stderr here, in order, as a container's log file holds them.
function runNest(colour) {
  if (!colour) process.env.NO_COLOR = "1";
  process.stdout.write = process.stderr.write;
  require("reflect-metadata");
  const { ConsoleLogger, Logger } = require("@nestjs/common");
  const log = new ConsoleLogger("NestFactory");
  const name = colour ? "ConsoleLogger" : "ConsoleLogger (NO_COLOR)";
  rec("nestjs", "info", `${name} log`, () => log.log("Starting Nest application..."));
  rec("nestjs", "info", `${name} log through Logger, another context`, () => new Logger("RoutesResolver").log("AppController {/api}:"));
  rec("nestjs", "debug", `${name} debug`, () => log.debug("cache warm-up: 420 entries"));
  rec("nestjs", "debug", `${name} verbose`, () => log.verbose("resolved 12 providers in 35 ms"));
  rec("nestjs", "info", `${name} log, a level word inside`, () => log.log("retry after ERROR 503 from the upstream"));
  rec("nestjs", "warning", `${name} warn`, () => log.warn("deprecated option: useNewUrlParser"));
  rec("nestjs", "error", `${name} error(message, stack): the stack on the lines after`, () => log.error("request handler failed", failure(-1).stack));
  rec("nestjs", "info", `${name} log, a multi-line message`, () => log.log("configuration:\n  pool: 5\n  timeout: 30"));
  rec("nestjs", "info", `${name} log(object): printed over several lines`, () => log.log({ pool: 5, timeout: 30 }));
  rec("nestjs", "critical", `${name} fatal`, () => log.fatal("cannot connect to the database"));
  rec("nestjs", "info", `${name} log before the crash`, () => log.log("shutting down"));
}

// An exception nobody catches: Node prints the throwing source line, the
// stack and its version on stderr and exits 1.
function crash() {
  fetchUser(-2);
}

const mode = process.argv[2];
switch (mode) {
  case "pino": runPino(false); break;
  case "pino-labels": runPino(true); break;
  case "bunyan": runBunyan(); break;
  case "nestjs": runNest(true); break;
  case "nestjs-nocolor": runNest(false); break;
  default: {
    const m = /^winston-(json|simple|cli|colorize|printf)(-syslog)?$/.exec(mode || "");
    if (!m) throw new Error(`unknown mode ${mode}`);
    runWinston(m[1], Boolean(m[2]));
  }
}
crash();
