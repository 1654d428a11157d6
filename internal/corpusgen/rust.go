package corpusgen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Rust's loggers are crates, and crates.io is out of reach here: the
// program (ext/rust_logging.rs) builds offline against Debian's packaged
// crates (librust-env-logger-dev, librust-tracing-subscriber-dev and what
// they depend on), the directory registry /usr/share/cargo/registry put in
// crates.io's place by a cargo configuration written next to it. The build
// directory is kept between runs (rustCargoTarget) so that only the first
// generation compiles the crates. Each stream runs the program in one mode,
// and the program reports each call's level and lines as the Python and
// Ruby scripts do; the panic that ends it is the tail record.

const rustCargoToml = `[package]
name = "rust_logging"
version = "0.1.0"
edition = "2021"

[[bin]]
name = "rust_logging"
path = "rust_logging.rs"

[dependencies]
log = "0.4"
env_logger = "0.9"
tracing = "0.1"
tracing-subscriber = "0.3"
`

const rustCargoConfig = `[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
`

// rustCargoTarget is cargo's build directory, shared by the streams and
// kept between runs (cargo locks it while it builds).
var rustCargoTarget = filepath.Join(os.TempDir(), "relevel-corpusgen-cargo-target")

// rustPanic covers the panic that ends each run: std's hook writes a blank
// line, "thread 'main' (id) panicked at …:", the message and, with
// RUST_BACKTRACE=1, the backtrace; the program exits 101.
var rustPanic = Record{Format: FormatRust, Level: LevelCritical,
	Call: "an index out of bounds nobody catches: std's panic hook, exit 101"}

// rustCrates are the versions of the crates Debian 12 packages, which the
// build finds in its registry.
var rustCrates = map[string]string{"env_logger": "0.9.3", "tracing": "0.1.37", "tracing-subscriber": "0.3.16", "log": "0.4.17"}

// driveRust builds ext/rust_logging.rs in dir and runs it in mode.
func driveRust(mode string, backtrace bool) func(prog, dir string) ([]byte, []Record, error) {
	return func(prog, dir string) ([]byte, []Record, error) {
		if err := os.Mkdir(filepath.Join(dir, ".cargo"), 0o755); err != nil {
			return nil, nil, err
		}
		for name, text := range map[string]string{"Cargo.toml": rustCargoToml, ".cargo/config.toml": rustCargoConfig} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				return nil, nil, err
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		build := exec.CommandContext(ctx, prog, "build", "--offline", "--quiet", "--target-dir", rustCargoTarget)
		build.Dir = dir
		if out, err := build.CombinedOutput(); err != nil {
			return nil, nil, fmt.Errorf("cargo build (needs apt-get install librust-env-logger-dev librust-tracing-subscriber-dev): %v\n%s", err, out)
		}
		// The origin names the crates' versions (rustCrates): the lock
		// file must agree.
		lock, err := os.ReadFile(filepath.Join(dir, "Cargo.lock"))
		if err != nil {
			return nil, nil, err
		}
		for name, v := range rustCrates {
			if !bytes.Contains(lock, []byte(fmt.Sprintf("name = %q\nversion = %q\n", name, v))) {
				return nil, nil, fmt.Errorf("Cargo.lock has no %s %s: update rustCrates\n%s", name, v, lock)
			}
		}
		report := filepath.Join(dir, "report.jsonl")
		run := exec.Command(filepath.Join(rustCargoTarget, "debug", "rust_logging"), mode)
		bt := "0"
		if backtrace {
			bt = "1"
		}
		run.Env = append(os.Environ(), "CORPUSGEN_REPORT="+report, "RUST_BACKTRACE="+bt, "TZ=UTC")
		var log bytes.Buffer
		run.Stdout, run.Stderr = &log, &log
		if code, err := exitCode(run.Run()); err != nil || code != 101 {
			return nil, nil, fmt.Errorf("rust_logging %s exited %d, %v, want 101\n%s", mode, code, err, log.Bytes())
		}
		b, err := os.ReadFile(report)
		if err != nil {
			return nil, nil, err
		}
		recs, line, err := readReports(b)
		if err != nil {
			return nil, nil, err
		}
		total := CountLines(log.Bytes())
		lines := strings.Split(log.String(), "\n")
		// The hook's first line is empty. A blank line continues the
		// record before it (nothing tells whose it is), so the truth gives
		// it to that record, and the panic starts at "thread '".
		if line <= total && lines[line-1] == "" && len(recs) > 0 {
			recs[len(recs)-1].Lines++
			line++
		}
		if line > total || !strings.HasPrefix(lines[line-1], "thread '") {
			return nil, nil, fmt.Errorf("rust_logging %s: no panic after the last report (line %d of %d)", mode, line, total)
		}
		tail := rustPanic
		tail.Line, tail.Lines = line, total-(line-1)
		return log.Bytes(), append(recs, tail), nil
	}
}

func rustStreams() []*stream {
	ext := func(mode string, backtrace bool) *extRun {
		return &extRun{prog: "cargo", files: []string{"rust_logging.rs"},
			install: "rustup's cargo, and apt-get install librust-env-logger-dev librust-tracing-subscriber-dev librust-tracing-dev librust-log-dev",
			version: []string{"rustc", "--version"}, drive: driveRust(mode, backtrace),
			needs: []string{"sh", "-c", "ls -d /usr/share/cargo/registry/env_logger-0.9.* /usr/share/cargo/registry/tracing-subscriber-0.3.*"}}
	}
	crates := fmt.Sprintf(" (ext/rust_logging.rs built against Debian's crates: env_logger %s, tracing %s, tracing-subscriber %s, log %s)",
		rustCrates["env_logger"], rustCrates["tracing"], rustCrates["tracing-subscriber"], rustCrates["log"])
	return []*stream{
		{logger: "rust", name: "env-logger", ext: ext("env_logger", false),
			desc: "env_logger's default format and its builder's millisecond, microsecond, module path and timeless variants, every level, a multi-line message, then a panic without a backtrace" + crates},
		{logger: "rust", name: "tracing", ext: ext("tracing", true),
			desc: "tracing-subscriber's fmt default, every level, fields, spans, a multi-line message, then a panic with RUST_BACKTRACE=1" + crates},
		{logger: "rust", name: "tracing-uptime", ext: ext("tracing-uptime", false),
			desc: "tracing-subscriber's fmt as linkerd2-proxy configures it: its uptime timer (written after linkerd's, \"[{:>6}.{:06}s]\"), thread ids, spans without fields, then a panic" + crates},
		{logger: "rust", name: "tracing-ansi", ext: ext("tracing-ansi", false),
			desc: "tracing-subscriber's fmt default with_ansi(true): the colour codes it writes to a terminal, then a panic" + crates},
	}
}
