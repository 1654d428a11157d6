package corpusgen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Node's loggers, driven by ext/node/node_loggers.js: pino (numeric levels,
// and its level labels through formatters.level), bunyan, and winston with
// its npm and syslog level sets, as JSON (format json) and as text
// (format.simple(), format.cli(), colorize + simple: format winston; a
// printf layout of the user's own, which relevel leaves alone); every
// level, a level word inside a message, a multi-line message, an Error
// logged with its stack, a line no logger wrote, and at the end an
// exception nobody catches, which Node prints itself (format node).
//
// The libraries come from the npm registry at the exact versions of
// ext/node/package-lock.json, installed once by `npm ci` into the user's
// cache directory and linked into each run's work directory.

// nodeCrash covers the exception that ends each script.
var nodeCrash = Record{Format: FormatNode, Level: LevelCritical,
	Call: "uncaught RangeError: Node prints the throwing source line, the stack and its version, exit 1"}

// nodeModules installs the locked packages (once per lock file) and
// returns the node_modules directory.
func nodeModules() (string, error) {
	lock, err := extScripts.ReadFile("ext/node/package-lock.json")
	if err != nil {
		return "", err
	}
	pkg, err := extScripts.ReadFile("ext/node/package.json")
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(append(append([]byte{}, pkg...), lock...))
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	root := filepath.Join(cache, "relevel-corpusgen")
	dir := filepath.Join(root, "node-"+hex.EncodeToString(sum[:6]))
	mods := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(mods); err == nil {
		return mods, nil
	}
	// Installed beside it and renamed into place whole: two generators (go
	// test runs packages in parallel) may install at once, and neither may
	// see the other's half-written tree.
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, "install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), pkg, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "package-lock.json"), lock, 0o644); err != nil {
		return "", err
	}
	// No optional packages (bunyan's dtrace-provider would compile C++)
	// and no install scripts: the three libraries are plain JavaScript.
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--omit=optional", "--ignore-scripts")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm ci: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another generator's install got there first: use it.
		if _, serr := os.Stat(mods); serr != nil {
			return "", err
		}
	}
	return mods, nil
}

// nodeVersions names the pinned versions of ext/node/package.json.
func nodeVersions() string {
	b, err := extScripts.ReadFile("ext/node/package.json")
	if err != nil {
		return "?"
	}
	var p struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if json.Unmarshal(b, &p) != nil {
		return "?"
	}
	var names []string
	for n := range p.Dependencies {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		names[i] = n + " " + p.Dependencies[n]
	}
	return strings.Join(names, ", ")
}

func nodeStreams() []*stream {
	version := []string{"sh", "-c", `echo "Node.js $(node --version); ` + nodeVersions() + ` (npm ci, package-lock.json)"`}
	setup := func(dir string) error {
		mods, err := nodeModules()
		if err != nil {
			return err
		}
		return os.Symlink(mods, filepath.Join(dir, "node_modules"))
	}
	js := func(name, mode, desc string) *stream {
		logger := "node"
		if strings.HasPrefix(mode, "nestjs") {
			logger = "nestjs"
		}
		return &stream{logger: logger, name: name, desc: desc, ext: &extRun{
			prog: "node", install: "apt-get install nodejs npm",
			needs: []string{"npm", "--version"}, setup: setup,
			args: []string{"node_loggers.js", mode}, files: []string{"node/node_loggers.js"},
			version: version, exit: 1, tail: &nodeCrash,
		}}
	}
	return []*stream{
		js("pino", "pino", "pino(opts, process.stderr): numeric levels 10 to 60, an Error under err"),
		js("pino-labels", "pino-labels", "pino with formatters.level returning the label: word levels, and a custom level notice (35)"),
		js("bunyan", "bunyan", "bunyan.createLogger({stream: process.stderr}): numeric levels 10 to 60"),
		js("winston-json", "winston-json", "winston's npm levels, format.combine(format.errors({stack: true}), format.timestamp(), format.json())"),
		js("winston-json-syslog", "winston-json-syslog", "winston.config.syslog.levels, format.json() as above"),
		js("winston-simple", "winston-simple", "winston's npm levels, format.combine(format.errors({stack: true}), format.simple())"),
		js("winston-simple-syslog", "winston-simple-syslog", "winston.config.syslog.levels, format.simple() as above"),
		js("winston-cli", "winston-cli", "winston's npm levels, format.cli() (its padding is for the cli level set, so http's is \"undefined\")"),
		js("winston-cli-syslog", "winston-cli-syslog", "winston.config.syslog.levels, format.cli({levels})"),
		js("winston-colorize", "winston-colorize", "winston's npm levels, format.combine(format.colorize(), format.simple())"),
		js("console-logger", "nestjs", "NestJS's ConsoleLogger (@nestjs/common) in colour, as by default even into a pipe: every level, "+
			"an error with its stack, a printed object; stdout and stderr to one stream, in order"),
		js("console-logger-nocolor", "nestjs-nocolor", "NestJS's ConsoleLogger with NO_COLOR set, as above"),
		js("winston-printf", "winston-printf", "winston's npm levels through a layout of the user's own, "+
			"format.printf with a timestamp first: unclaimed by design (format \"\"), only Node's crash is claimed"),
	}
}
