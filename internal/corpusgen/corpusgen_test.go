package corpusgen

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// generated holds a corpus generated once for all tests of this package.
var generated struct {
	dir  string
	err  error
	took time.Duration
}

func generateOnce(t *testing.T) string {
	t.Helper()
	if generated.dir == "" && generated.err == nil {
		dir, err := os.MkdirTemp("", "corpusgen-test-")
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		generated.err = Generate(dir)
		generated.took = time.Since(start)
		generated.dir = dir
	}
	if generated.err != nil {
		t.Fatalf("Generate: %v", generated.err)
	}
	return generated.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if generated.dir != "" {
		os.RemoveAll(generated.dir)
	}
	os.Exit(code)
}

// streamFiles returns the .log files under dir, relative to it.
func streamFiles(t *testing.T, dir string) []string {
	t.Helper()
	var logs []string
	for _, l := range LoggerDirs {
		m, err := filepath.Glob(filepath.Join(dir, l, "*.log"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(dir, f)
			logs = append(logs, filepath.ToSlash(rel))
		}
	}
	sort.Strings(logs)
	return logs
}

// checkCorpus validates every stream of a corpus directory without relying
// on any parser: truth files cover their logs exactly, formats and levels
// are valid, and the first line of every record agrees with its truth.
func checkCorpus(t *testing.T, dir string) {
	t.Helper()
	for _, l := range LoggerDirs {
		if st, err := os.Stat(filepath.Join(dir, l)); err != nil || !st.IsDir() {
			t.Errorf("logger directory %s missing", l)
		}
	}
	logs := streamFiles(t, dir)
	if len(logs) < 40 {
		t.Errorf("only %d streams", len(logs))
	}
	manifest, err := os.ReadFile(filepath.Join(dir, "MANIFEST.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range logs {
		log, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		truthPath := filepath.Join(dir, strings.TrimSuffix(rel, ".log")+".truth.json")
		truth, err := ReadTruth(truthPath)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if err := truth.Check(log); err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if _, err := time.Parse(time.RFC3339, truth.ReferenceTime); err != nil || !strings.HasSuffix(truth.ReferenceTime, "Z") {
			t.Errorf("%s: bad reference_time %q", rel, truth.ReferenceTime)
		}
		if truth.Origin == "" || strings.Contains(truth.Origin, "unknown") || !strings.Contains(truth.Origin, "internal/corpusgen") {
			t.Errorf("%s: bad origin %q", rel, truth.Origin)
		}
		if !bytes.Contains(manifest, []byte("`"+rel+"`")) {
			t.Errorf("MANIFEST.md does not list %s", rel)
		}
		checkRecordHeaders(t, rel, log, truth)
	}
	// No stray truth files.
	for _, l := range LoggerDirs {
		m, _ := filepath.Glob(filepath.Join(dir, l, "*.truth.json"))
		for _, f := range m {
			if _, err := os.Stat(strings.TrimSuffix(f, ".truth.json") + ".log"); err != nil {
				t.Errorf("%s has no .log", f)
			}
		}
	}
}

var (
	klogHeader   = regexp.MustCompile(`^([IWEF])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ [^ ]+:\d+\] `)
	logrusText   = regexp.MustCompile(`^(?:time=\S+(?: \S+)? )?level="?(trace|debug|info|warning|error|fatal|panic)"?( |$)`)
	logrusTTY    = regexp.MustCompile(`^\x1b\[[0-9;]+m(TRAC|DEBU|INFO|WARN|ERRO|FATA|PANI)[A-Z]* *\x1b\[0m\[`)
	zapLevelWord = regexp.MustCompile(`(?:^|[\t ])(?:\x1b\[\d+m)?(debug|info|warn|error|dpanic|panic|fatal|Level\(-\d+\)|DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL|LEVEL\(-\d+\))(?:\x1b\[0m)?[\t ]`)
)

var (
	slogTextHeader    = regexp.MustCompile(`^time=\S+ level=(DEBUG|INFO|WARN|ERROR)([+-]\d+)? `)
	slogDefaultHeader = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d{6})?(?: [^ ]+\.go:\d+:)? (DEBUG|INFO|WARN|ERROR)([+-]\d+)? `)
	zerologHeader     = regexp.MustCompile(`^(?:\x1b\[\d+m)?\S+(?:\x1b\[0m)? (?:\x1b\[\d+m)?(TRC|DBG|INF|WRN|ERR|FTL|PNC|\?\?\?)(?:\x1b\[0m)?(?: |$)`)
	gokitLevelKey     = regexp.MustCompile(`(?:^| )(?:level|lvl|severity|loglevel|LEVEL|SeverityText)=(\w+)(?: |$)`)
	hclogHeader       = regexp.MustCompile(`^(?: {4})?(?:\x1b\[0m)?(?:\x1b\[\d+m)?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(?:Z|[+-]\d{4}) \[(TRACE|DEBUG|INFO|WARN|ERROR)\] {1,2}\S`)
	bracketHeader     = regexp.MustCompile(`^\[(DEBUG|INFO|WARNING|ERROR|FATAL)\] `)
	logutilsHeader    = regexp.MustCompile(`^(?: {4})?\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \[(TRACE|DEBUG|INFO|WARN|ERR)\] \S`)
	log15Header       = regexp.MustCompile(`^(?:\x1b\[\d+m)?(TRACE|DEBUG|DBUG|INFO|WARN|EROR|ERROR|CRIT) ?(?:\x1b\[0m)?\[\d\d-\d\d\|\d\d:\d\d:\d\d(?:\.\d{3})?(?:\|[^\]\s]+:\d+)?\] `)
	capnslogHeader    = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} (?:\[[^\]\s]+:\d+\] )?([CEWNIDT]) \| `)
	calicoHeader      = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[.,]\d{3} \[(PANIC|FATAL|ERROR|WARNING|INFO|DEBUG|TRACE)\]\[\d+\] \S+ -?\d+: `)
	weaveHeader       = regexp.MustCompile(`^(PANI|FATA|ERRO|WARN|INFO|DEBU|TRAC): \d{4}/\d\d/\d\d \d\d:\d\d:\d\d\.\d{6} `)
)

var log15Word = map[string]string{
	"TRACE": LevelDebug, "DEBUG": LevelDebug, "DBUG": LevelDebug, "INFO": LevelInfo, "WARN": LevelWarning,
	"EROR": LevelError, "ERROR": LevelError, "CRIT": LevelCritical,
}

var capnslogLetter = map[string]string{
	"C": LevelCritical, "E": LevelError, "W": LevelWarning, "N": LevelNotice, "I": LevelInfo, "D": LevelDebug, "T": LevelDebug,
}

var calicoWord = map[string]string{
	"PANIC": LevelCritical, "FATAL": LevelCritical, "ERROR": LevelError, "WARNING": LevelWarning, "INFO": LevelInfo,
	"DEBUG": LevelDebug, "TRACE": LevelDebug,
}

var slogBase = map[string]int{"DEBUG": -4, "INFO": 0, "WARN": 4, "ERROR": 8}

// slogWord returns the canonical level of a printed slog level such as
// "INFO+2".
func slogWord(name, offset string) string {
	n := slogBase[name]
	if offset != "" {
		o, _ := strconv.Atoi(offset)
		n += o
	}
	return slogLevel(slog.Level(n))
}

var zerologWord = map[string]string{
	"TRC": LevelDebug, "DBG": LevelDebug, "INF": LevelInfo, "WRN": LevelWarning, "ERR": LevelError,
	"FTL": LevelCritical, "PNC": LevelCritical,
}

var hclogWord = map[string]string{
	"TRACE": LevelDebug, "DEBUG": LevelDebug, "INFO": LevelInfo, "WARN": LevelWarning, "ERROR": LevelError,
}

var bracketWord = map[string]string{
	"DEBUG": LevelDebug, "INFO": LevelInfo, "WARNING": LevelWarning, "ERROR": LevelError, "FATAL": LevelCritical,
}

// jsonWord maps the level values of the JSON loggers (zap, logrus, slog,
// zerolog, go-kit, hclog, pino, bunyan, winston) to canonical levels.
func jsonWord(v string) (string, bool) {
	if m := regexp.MustCompile(`^(DEBUG|INFO|WARN|ERROR)([+-]\d+)?$`).FindStringSubmatch(v); m != nil && m[2] != "" {
		return slogWord(m[1], m[2]), true
	}
	// OpenTelemetry's numbered severity names (ERROR2, INFO4) count as
	// their name.
	if m := regexp.MustCompile(`^([A-Za-z]+)[234]$`).FindStringSubmatch(v); m != nil {
		v = m[1]
	}
	switch strings.ToLower(v) {
	case "trce", "dbug":
		return LevelDebug, true
	// winston's npm and syslog level words, pino's and bunyan's numbers
	case "http", "30":
		return LevelInfo, true
	case "verbose", "silly", "10", "20":
		return LevelDebug, true
	case "emerg":
		return LevelEmergency, true
	case "alert":
		return LevelAlert, true
	case "notice":
		return LevelNotice, true
	case "40":
		return LevelWarning, true
	case "50":
		return LevelError, true
	case "60":
		return LevelCritical, true
	case "eror":
		return LevelError, true
	case "crit", "critical": // .NET's LogLevel names, with "information"
		return LevelCritical, true
	case "information":
		return LevelInfo, true
	case "trace", "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "warn", "warning":
		return LevelWarning, true
	case "error":
		return LevelError, true
	case "dpanic", "panic", "fatal":
		return LevelCritical, true
	}
	return "", false
}

// jsonLevel decodes a JSON record and returns its level key's value.
func jsonLevel(text string) (map[string]any, string, bool) {
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return nil, "", false
	}
	for _, k := range []string{"level", "L", "@level", "log.level", "loglevel", "LEVEL", "lvl", "severity", "LogLevel"} {
		if v, ok := m[k].(string); ok {
			return m, v, true
		}
		// pino's and bunyan's numbers.
		if n, ok := m[k].(float64); ok {
			return m, strconv.FormatFloat(n, 'f', -1, 64), true
		}
	}
	if l, ok := m["log"].(map[string]any); ok {
		if v, ok := l["level"].(string); ok {
			return m, v, true
		}
	}
	return m, "", true
}

// mongoSeverity maps MongoDB's severities (its "Log Messages" page).
var mongoSeverity = map[string]string{"F": LevelCritical, "E": LevelError, "W": LevelWarning, "I": LevelInfo,
	"D1": LevelDebug, "D2": LevelDebug, "D3": LevelDebug, "D4": LevelDebug, "D5": LevelDebug}

// kibanaTag maps the level words Kibana 7 writes among its tags.
var kibanaTag = map[string]string{"fatal": LevelCritical, "error": LevelError, "warning": LevelWarning,
	"info": LevelInfo, "debug": LevelDebug, "trace": LevelDebug}

var klogLetter = map[string]string{"I": LevelInfo, "W": LevelWarning, "E": LevelError, "F": LevelCritical}

var logrusWord = map[string]string{
	"trace": LevelDebug, "debug": LevelDebug, "info": LevelInfo, "warning": LevelWarning,
	"error": LevelError, "fatal": LevelCritical, "panic": LevelCritical,
	"TRAC": LevelDebug, "DEBU": LevelDebug, "INFO": LevelInfo, "WARN": LevelWarning,
	"ERRO": LevelError, "FATA": LevelCritical, "PANI": LevelCritical,
}

var zapWord = map[string]string{
	"debug": LevelDebug, "info": LevelInfo, "warn": LevelWarning, "error": LevelError,
	"dpanic": LevelCritical, "panic": LevelCritical, "fatal": LevelCritical,
}

// checkRecordHeaders cross-checks each record's first line against the
// level the generator recorded. This validates the line spans (an off-by-one
// span would pair a record with the wrong header), not a parser.
func checkRecordHeaders(t *testing.T, rel string, log []byte, truth *Truth) {
	t.Helper()
	lines := strings.SplitAfter(string(log), "\n")
	for _, r := range truth.Records {
		first := strings.TrimSuffix(lines[r.Line-1], "\n")
		whole := strings.Join(lines[r.Line-1:r.Line-1+r.Lines], "")
		bad := func(why string) {
			t.Errorf("%s:%d (%s %s, %s): %s: %q", rel, r.Line, r.Format, r.Level, r.Call, why, first)
		}
		switch r.Format {
		case FormatSlog:
			m := slogTextHeader.FindStringSubmatch(first)
			if m == nil {
				m = slogDefaultHeader.FindStringSubmatch(first)
			}
			if m == nil {
				bad("no slog header")
			} else if slogWord(m[1], m[2]) != r.Level {
				bad("slog level disagrees")
			}
		case FormatZerolog:
			m := zerologHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no zerolog console header")
			} else if zerologWord[m[1]] != r.Level {
				bad("zerolog level disagrees")
			}
		case FormatGokit:
			m := gokitLevelKey.FindStringSubmatch(first)
			if m == nil || strings.HasPrefix(first, "{") {
				bad("no go-kit level= key")
			} else if w, _ := jsonWord(m[1]); w != r.Level {
				bad("go-kit level disagrees")
			}
		case FormatHclog:
			m := hclogHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no hclog header")
			} else if hclogWord[m[1]] != r.Level {
				bad("hclog level disagrees")
			}
		case FormatBracket:
			m := bracketHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no [LEVEL] prefix")
			} else if bracketWord[m[1]] != r.Level {
				bad("bracket level disagrees")
			}
		case FormatLogutils:
			m := logutilsHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no package-log date and [LEVEL]")
			} else if logutilsLevels[m[1]] != r.Level {
				bad("logutils level disagrees")
			}
		case FormatLog15:
			m := log15Header.FindStringSubmatch(first)
			if m == nil {
				bad("no log15 terminal header")
			} else if log15Word[m[1]] != r.Level {
				bad("log15 level disagrees")
			}
		case FormatCapnslog:
			m := capnslogHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no capnslog header")
			} else if capnslogLetter[m[1]] != r.Level {
				bad("capnslog level letter disagrees")
			}
		case FormatCalico:
			m := calicoHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no Calico header")
			} else if calicoWord[m[1]] != r.Level {
				bad("Calico level disagrees")
			}
		case FormatWeave:
			m := weaveHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no Weave Net header")
			} else if logrusWord[m[1]] != r.Level {
				bad("Weave Net level disagrees")
			}
		case FormatKlogJSON:
			m, _, ok := jsonLevel(whole)
			if !ok || m["ts"] == nil || m["caller"] == nil || r.Lines != 1 {
				bad("not a one-line k8s JSON record")
				break
			}
			_, hasErr := m["err"]
			if want := map[bool]string{true: LevelError, false: LevelInfo}[hasErr]; want != r.Level {
				bad("klog-json level disagrees with the err key")
			}
		case FormatJSON:
			m, v, ok := jsonLevel(whole)
			if s, isStr := m["s"].(string); ok && v == "" && isStr {
				// MongoDB's severity, where no level key is.
				if mongoSeverity[s] != r.Level {
					bad("MongoDB severity " + strconv.Quote(s) + " disagrees")
				}
			} else if tags, isArray := m["tags"].([]any); ok && v == "" && isArray {
				// Kibana 7's level, one of its tags, where no level key is.
				level := ""
				for _, tag := range tags {
					if w, isStr := tag.(string); isStr && kibanaTag[w] != "" {
						level = kibanaTag[w]
					}
				}
				if level != r.Level {
					bad("Kibana 7 tags disagree")
				}
			} else if !ok {
				bad("record is not one JSON object")
			} else if w, _ := jsonWord(v); w != r.Level {
				bad("JSON level " + strconv.Quote(v) + " disagrees")
			}
		case FormatKlog:
			m := klogHeader.FindStringSubmatch(first)
			if m == nil {
				bad("no klog header")
			} else if klogLetter[m[1]] != r.Level {
				bad("klog severity letter disagrees")
			}
		case FormatLogrus:
			if m := logrusText.FindStringSubmatch(first); m != nil {
				if logrusWord[m[1]] != r.Level {
					bad("logrus level disagrees")
				}
			} else if m := logrusTTY.FindStringSubmatch(first); m != nil {
				if logrusWord[m[1]] != r.Level {
					bad("logrus TTY level disagrees")
				}
			} else {
				bad("no logrus header")
			}
		case FormatZap:
			m := zapLevelWord.FindStringSubmatch(first)
			if m == nil {
				bad("no zap level column")
				break
			}
			w := strings.ToLower(m[1])
			want, ok := zapWord[w]
			if strings.HasPrefix(w, "level(") {
				want, ok = LevelDebug, true
			}
			if !ok || want != r.Level {
				bad("zap level disagrees")
			}
		case FormatGoPanic:
			if !strings.HasPrefix(first, "panic: ") && !strings.HasPrefix(first, "fatal error: ") {
				bad("gopanic record does not start with panic:/fatal error:")
			}
			// To the end of the output, or of the child's output when a
			// supervisor's restart line follows.
			end := len(lines) - 1
			if strings.TrimSuffix(lines[end-1], "\n") == supervisorRestart {
				end--
			}
			if r.Line+r.Lines-1 != end {
				bad("gopanic record does not run to the end of the output")
			}
		case FormatNone:
			if klogHeader.MatchString(first) || strings.HasPrefix(first, "panic: ") || bracketHeader.MatchString(first) ||
				hclogHeader.MatchString(first) || logutilsHeader.MatchString(first) || slogTextHeader.MatchString(first) || slogDefaultHeader.MatchString(first) ||
				log15Header.MatchString(first) || capnslogHeader.MatchString(first) || calicoHeader.MatchString(first) || weaveHeader.MatchString(first) {
				bad("plain line looks like a logger line")
			}
			if m := zerologHeader.FindStringSubmatch(first); m != nil && m[1] != "???" {
				bad("plain line looks like a zerolog line")
			}
			if gokitLevelKey.MatchString(first) {
				bad("plain line has a go-kit level")
			}
			if _, v, ok := jsonLevel(whole); ok && v != "" {
				bad("plain line is JSON with a level")
			}
		}
	}
}

func TestGenerate(t *testing.T) {
	dir := generateOnce(t)
	t.Logf("Generate took %v", generated.took)
	checkCorpus(t, dir)

	// Every defined stream was written (or explicitly skipped).
	manifest, _ := os.ReadFile(filepath.Join(dir, "MANIFEST.md"))
	for _, s := range allStreams() {
		rel := s.logger + "/" + s.name + ".log"
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil && !bytes.Contains(manifest, []byte("`"+rel+"`: ")) {
			t.Errorf("stream %s missing", rel)
		}
	}
}

func TestStreamSizes(t *testing.T) {
	dir := generateOnce(t)
	child := map[string]bool{}
	for _, s := range allStreams() {
		child[s.logger+"/"+s.name+".log"] = s.child != nil
	}
	var total int64
	for _, rel := range streamFiles(t, dir) {
		truth, err := ReadTruth(filepath.Join(dir, strings.TrimSuffix(rel, ".log")+".truth.json"))
		if err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(filepath.Join(dir, rel))
		total += st.Size()
		n := len(truth.Records)
		if !child[rel] && (n < 8 || n > 60) {
			t.Errorf("%s: %d records, want 8..60", rel, n)
		}
	}
	if total > 2<<20 {
		t.Errorf("corpus logs total %d bytes, want < 2 MiB", total)
	}
}

// TestFeatures checks that the bytes contain the constructs the parser must
// handle (so a library upgrade that silently changes them is noticed).
func TestFeatures(t *testing.T) {
	dir := generateOnce(t)
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	all := func(logger string) string {
		var b strings.Builder
		m, _ := filepath.Glob(filepath.Join(dir, logger, "*.log"))
		for _, f := range m {
			c, _ := os.ReadFile(f)
			b.Write(c)
		}
		return b.String()
	}
	hasLine := func(text string, re string) bool {
		return regexp.MustCompile(`(?m)` + re).MatchString(text)
	}
	klogAll, zapAll, logrusAll, panicAll := all("klog"), all("zap"), all("logrus"), all("gopanic")
	slogAll, zerologAll, gokitAll, hclogAll := all("slog"), all("zerolog"), all("gokit"), all("hclog")
	klogJSONAll, jsonAll, bracketAll := all("klog-json"), all("json"), all("bracket")
	checks := []struct {
		name string
		ok   bool
	}{
		{"klog line ending in =<", hasLine(klogAll, `=<$`)},
		{"klog TAB-indented value line", hasLine(klogAll, `^\t`)},
		{"klog bare ' >' closer", hasLine(klogAll, `^ >$`)},
		{"klog ' > k=<' chained closer", hasLine(klogAll, `^ > \w+=<$`)},
		{"klog ' > k=v' closer with trailing kv", hasLine(klogAll, `^ > \w+="?\w`)},
		{"klog err=< block", strings.Contains(klogAll, `err=<`)},
		{"klog logger=\"name\"", strings.Contains(klogAll, `logger="deployment-controller"`)},
		{"klog KObj value", strings.Contains(klogAll, `pod="kube-system/coredns-abc"`)},
		{"klog JSON slice", strings.Contains(klogAll, `list=["a","b c"]`)},
		{"klog escaped quotes", strings.Contains(klogAll, `\"quotes\"`)},
		{"klog add_dir_header path", strings.Contains(read("klog/global-add-dir-header.log"), " corpusgen/klog.go:")},
		{"klog raw continuation line", hasLine(klogAll, `^second line of message$`)},
		{"klog :123] inside message", strings.Contains(klogAll, "main.go:123] but is a message")},
		{"klog W/E/F severities", hasLine(klogAll, `^W\d{4} `) && hasLine(klogAll, `^E\d{4} `) && hasLine(klogAll, `^F\d{4} `)},
		{"klog Fatal is the last line", hasLine(read("klog/fatal.log"), `\A(?:[IWE].*\n)+F.*\n\z`)},
		{"zap Level(-2)", strings.Contains(zapAll, "\tLevel(-2)\t")},
		{"zap LEVEL(-2)", strings.Contains(zapAll, "\tLEVEL(-2)\t")},
		{"zap epoch e+09", hasLine(zapAll, `^1\.\d+e\+09\t`)},
		{"zap epoch millis e+12", hasLine(zapAll, `^1\.\d+e\+12\t`)},
		{"zap epoch nanos", hasLine(zapAll, `^1\d{18}\t`)},
		{"zap ISO8601 +0200", hasLine(zapAll, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0200\t`)},
		{"zap RFC3339 +02:00", hasLine(zapAll, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+02:00\t`)},
		{"zap RFC3339Nano", hasLine(zapAll, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z\t`)},
		{"zap color level", strings.Contains(zapAll, "\x1b[34minfo\x1b[0m") && strings.Contains(zapAll, "\x1b[31mERROR\x1b[0m")},
		{"zap space separator", hasLine(read("zap/space-separator.log"), `^\S+Z info corpusgen/zap\.go:\d+ info message \{`)},
		{"zap spaced JSON fields", strings.Contains(zapAll, `{"k": "v"}`)},
		{"zap stack trace frame", hasLine(zapAll, `^github\.com/relevel/relevel/internal/corpusgen\.\w+$`)},
		{"zap dpanic", strings.Contains(zapAll, "\tdpanic\t") && strings.Contains(zapAll, "\tDPANIC\t")},
		{"zap panic followed by Go panic", strings.Contains(read("zap/panic.log"), "\npanic: invariant violated\n")},
		{"zap controller-runtime layout", hasLine(read("zap/controller-runtime-dev.log"), `^\S+Z\tINFO\tcontroller\.deployment\tReconciling\t\{`)},
		{"zap otelcol layout", hasLine(read("zap/otelcol.log"), `^\S+\.\d{3}Z\terror\tcorpusgen/zap\.go:\d+\tNodeCollector: Failed to export metrics\t\{`)},
		{"logrus text warning", strings.Contains(logrusAll, "level=warning ")},
		{"logrus key with space", strings.Contains(logrusAll, ` user name="a b"`)},
		{"logrus empty value", strings.Contains(logrusAll, " empty= ")},
		{"logrus custom timestamp", hasLine(read("logrus/text-custom-timestamp.log"), `^time="\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}" `)},
		{"logrus no timestamp", hasLine(read("logrus/text-disable-timestamp.log"), `^level=info `)},
		{"logrus TTY ESC", strings.Contains(read("logrus/tty-forcecolors.log"), "\x1b[33mWARN\x1b[0m[0000] ")},
		{"logrus TTY full timestamp", hasLine(read("logrus/tty-full-timestamp.log"), `^\x1b\[36mINFO\x1b\[0m\[\d{4}-\d\d-\d\dT`)},
		{"logrus TTY raw continuation", hasLine(read("logrus/tty-forcecolors.log"), `^newline +$`)},
		{"logrus PadLevelText", strings.Contains(read("logrus/tty-pad-level-text.log"), "INFO   \x1b[0m")},
		{"logrus DisableLevelTruncation", strings.Contains(read("logrus/tty-disable-level-truncation.log"), "WARNING\x1b[0m")},
		{"logrus ReportCaller", strings.Contains(read("logrus/text-report-caller.log"), " func=") && strings.Contains(read("logrus/text-report-caller.log"), " file=\"")},
		{"logrus panic block", strings.Contains(read("logrus/panic.log"), "\npanic: (*logrus.Entry) 0x")},
		{"go panic", hasLine(panicAll, `^panic: `)},
		{"go goroutine header", hasLine(panicAll, `^goroutine \d+ \[running\]:$`)},
		{"go SIGSEGV line", hasLine(panicAll, `^\[signal SIGSEGV: segmentation violation`)},
		{"go [recovered]", strings.Contains(panicAll, " [recovered]\n\tpanic: ")},
		{"go [recovered, repanicked]", strings.Contains(panicAll, " [recovered, repanicked]\n")},
		{"go deadlock", strings.Contains(panicAll, "fatal error: all goroutines are asleep - deadlock!\n")},
		{"go created by", hasLine(panicAll, `^created by main\.\w+ in goroutine 1$`)},
		{"go multi-line panic value", strings.Contains(panicAll, "panic: multi\n\tline panic value\n")},
		{"go GOTRACEBACK=all", hasLine(read("gopanic/panic-gotraceback-all.log"), `^goroutine \d+ \[(chan receive|select|sync\.Mutex\.Lock)\]:$`)},
		{"slog custom levels", strings.Contains(slogAll, "level=INFO+2 ") && strings.Contains(slogAll, "level=DEBUG+3 ") &&
			strings.Contains(slogAll, "level=DEBUG-4 ") && strings.Contains(slogAll, "level=WARN+2 ") && strings.Contains(slogAll, "level=ERROR+4 ")},
		{"slog group", strings.Contains(slogAll, " req.method=GET ")},
		{"slog quoted key", strings.Contains(slogAll, ` "key with space"=1 `)},
		{"slog empty value", strings.Contains(slogAll, ` empty=""`)},
		{"slog escaped newline", strings.Contains(slogAll, `msg="multi-line\nmessage"`)},
		{"slog AddSource", hasLine(read("slog/text-addsource.log"), `^time=\S+ level=INFO source=/\S+/corpusgen/slog\.go:\d+ msg=`)},
		{"slog default handler", hasLine(read("slog/default-log.log"), `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d INFO default slog logger k=v$`)},
		{"slog default INFO+2", hasLine(read("slog/default-log.log"), `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d INFO\+2 `)},
		{"slog default Lmicroseconds|Lshortfile", hasLine(read("slog/default-log.log"), `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d\.\d{6} slog\.go:\d+: INFO `)},
		{"log.Printf plain line", hasLine(read("slog/default-log.log"), `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d std log\.Printf line 1$`)},
		{"slog JSON custom level", strings.Contains(read("slog/json.log"), `"level":"INFO+2"`)},
		{"zerolog ??? (Log)", hasLine(zerologAll, `^\S+ \?\?\? no-level message`)},
		{"zerolog Kitchen time", hasLine(read("zerolog/console-nocolor-kitchen.log"), `^\d{1,2}:\d\d[AP]M TRC trace message k=v$`)},
		{"zerolog caller", hasLine(zerologAll, `^\S+Z INF \S*zerolog\.go:\d+ > info message `)},
		{"zerolog colour", strings.Contains(zerologAll, "\x1b[90m") && strings.Contains(zerologAll, "\x1b[32mINF\x1b[0m")},
		{"zerolog FTL/PNC", hasLine(zerologAll, `^\S+ FTL `) && hasLine(zerologAll, `^\S+ PNC `)},
		{"zerolog raw continuation", hasLine(zerologAll, `^message val="line1\\nline2"$`)},
		{"zerolog JSON no level", hasLine(zerologAll, `^\{"k":"v","message":"no-level message via Log\(\)"\}$`)},
		{"zerolog global log.Print", strings.Contains(zerologAll, `{"level":"debug","time":`) && strings.Contains(zerologAll, `"message":"global log.Print"}`)},
		{"go-kit level first", hasLine(read("gokit/logfmt-level-first.log"), `^level=info ts=\S+Z caller=gokit\.go:\d+ msg=`)},
		{"go-kit fixed timestamp", hasLine(read("gokit/logfmt-fixed-timestamp.log"), `^level=warn ts=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z `)},
		{"go-kit level after ts", hasLine(gokitAll, `^ts=\S+ caller=\S+ level=warn `)},
		{"go-kit empty value", hasLine(gokitAll, ` empty=$`)},
		{"go-kit no level", hasLine(gokitAll, `^ts=\S+ caller=\S+ msg="no level key at all"$`)},
		{"go-kit JSON", strings.Contains(gokitAll, `"level":"warn"`)},
		{"hclog value block", hasLine(hclogAll, `^  \| line2$`)},
		{"hclog two-space line after a final block", hasLine(hclogAll, `^  $`)},
		{"hclog level padding", strings.Contains(hclogAll, " [INFO]  myapp: ") && strings.Contains(hclogAll, " [WARN]  ")},
		{"hclog unnamed", hasLine(read("hclog/text-unnamed.log"), `^\S+ \[TRACE\] trace message: k=v$`)},
		{"hclog sub-logger", strings.Contains(hclogAll, " myapp.sub: ")},
		{"hclog location", hasLine(read("hclog/include-location.log"), `^\S+ \[INFO\]  corpusgen/hclog\.go:\d+: myapp: `)},
		{"hclog colour resets spill over", hasLine(read("hclog/color-forced.log"), `^\x1b\[0m\x1b\[94m\S+ \[INFO\]  `) &&
			strings.HasSuffix(read("hclog/color-forced.log"), "\n\x1b[0m")},
		{"hclog JSON @module", strings.Contains(hclogAll, `"@module":"myapp"`) && strings.Contains(hclogAll, `"@caller":"`)},
		{"k8s JSON v key", strings.Contains(klogJSONAll, `"v":0`) && strings.Contains(klogJSONAll, `"v":2`)},
		{"k8s JSON epoch millis", hasLine(klogJSONAll, `^\{"ts":1\d{12}(\.\d+)?,"caller":"corpusgen/klogjson\.go:\d+","msg":`)},
		{"k8s JSON err key", strings.Contains(klogJSONAll, `"err":"connection refused"}`)},
		{"k8s JSON KObj", strings.Contains(klogJSONAll, `"pod":{"name":"coredns-abc","namespace":"kube-system"}`)},
		{"zap JSON production", hasLine(read("json/zap-production.log"), `^\{"level":"info","ts":1\d{9}\.\d+,"caller":"corpusgen/`)},
		{"zap JSON development", hasLine(read("json/zap-development.log"), `^\{"L":"INFO","T":"\S+","C":"corpusgen/`)},
		{"zap JSON stacktrace", strings.Contains(jsonAll, `"stacktrace":"github.com/relevel/relevel/internal/corpusgen.`)},
		{"logrus JSON", strings.Contains(read("json/logrus.log"), `"level":"warning"`)},
		{"logrus JSON PrettyPrint", hasLine(read("json/logrus-pretty.log"), `^  "level": "info",$`)},
		{"bracket levels", hasLine(bracketAll, `^\[INFO\] `) && hasLine(bracketAll, `^\[WARNING\] `) && hasLine(bracketAll, `^\[ERROR\] `) &&
			hasLine(bracketAll, `^\[DEBUG\] `) && hasLine(bracketAll, `^\[FATAL\] `)},
		{"bracket plugin prefix", hasLine(bracketAll, `^\[INFO\] plugin/reload: `)},
		{"log15 TerminalFormat colour", hasLine(read("log15/terminal-format.log"), `^\x1b\[31mEROR\x1b\[0m\[\d\d-\d\d\|\d\d:\d\d:\d\d\] request failed {27}\x1b\[31mpath\x1b\[0m=/v1/items `)},
		{"log15 no pairs, trailing space", hasLine(read("log15/terminal-format-stripped.log"), `^INFO\[\d\d-\d\d\|\d\d:\d\d:\d\d\] Block synchronisation started $`)},
		{"log15 quoted value", strings.Contains(read("log15/terminal-format-stripped.log"), ` spaced="a b" eq="x=y" quote="say \"hi\"" empty= nil=nil`)},
		{"log15 raw multi-line message, pairs on its last line", hasLine(read("log15/terminal-format-stripped.log"), `^after 3 attempts {2}number=3 err="unknown ancestor"$`)},
		{"geth aligned levels", hasLine(read("log15/geth-terminal.log"), `^INFO \[\d\d-\d\d\|\d\d:\d\d:\d\d\.\d{3}\] Starting Geth`) &&
			hasLine(read("log15/geth-terminal.log"), `^TRACE\[`) && hasLine(read("log15/geth-terminal.log"), `^ERROR\[`) && hasLine(read("log15/geth-terminal.log"), `^CRIT \[`)},
		{"geth thousands separators", strings.Contains(read("log15/geth-terminal.log"), "number=19,647,336")},
		{"geth quoted message", hasLine(read("log15/geth-terminal.log"), `\] "Config: x=1" +source=toml$`)},
		{"geth colour", strings.Contains(read("log15/geth-terminal-color.log"), "\x1b[32mINFO \x1b[0m[")},
		{"capnslog letters", func() bool {
			m := read("capnslog/etcd-pretty.log")
			for _, c := range "CEWNID" {
				if !hasLine(m, `^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} `+string(c)+` \| `) {
					return false
				}
			}
			return true
		}()},
		{"capnslog package log taken over", hasLine(read("capnslog/etcd-pretty.log"), `^\S+ \S+ I \| grpc: addrConn`)},
		{"capnslog debug formatter caller", hasLine(read("capnslog/etcd-pretty.log"), `^\S+ \S+ \[\w+\.go:\d+\] I \| etcdserver: snapshot count`)},
		{"capnslog raw continuation", hasLine(read("capnslog/etcd-pretty.log"), "^\tmvcc: database space exceeded$")},
		{"mixed operator", func() bool {
			m := read("mixed/controller-runtime-klog.log")
			return hasLine(m, `^I\d{4} `) && hasLine(m, `^W\d{4} `) && hasLine(m, `^\S+Z\tINFO\tcontroller\.widget\t`)
		}()},
		{"mixed slog/go-kit/hclog/zerolog/JSON", func() bool {
			m := read("mixed/slog-gokit-hclog-zerolog-json.log")
			return hasLine(m, `^time=\S+ level=INFO `) && hasLine(m, `^level=info ts=`) && strings.Contains(m, " [WARN]  raft: ") &&
				hasLine(m, `^\S+Z WRN `) && strings.Contains(m, `{"@level":"error"`) && strings.Contains(m, `{"time":`)
		}()},
		{"mixed crashing app", hasLine(read("mixed/plain-klog-panic.log"), `\A(?:[^IWE].*\n)+I\d{4} `) &&
			strings.Contains(read("mixed/plain-klog-panic.log"), "\npanic: ")},
		{"mixed has every format", func() bool {
			m := read("mixed/zap-klog-logrus.log")
			return hasLine(m, `^I\d{4} `) && strings.Contains(m, "\tinfo\t") && strings.Contains(m, "level=info") && strings.Contains(m, "\x1b[")
		}()},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("feature missing from generated corpus: %s", c.name)
		}
	}
}

func TestTruthCheck(t *testing.T) {
	log := []byte("a\nb\nc\n")
	rec := func(line, lines int) Record {
		return Record{Line: line, Lines: lines, Format: FormatKlog, Level: LevelInfo}
	}
	cases := []struct {
		name    string
		records []Record
		ok      bool
	}{
		{"exact", []Record{rec(1, 1), rec(2, 2)}, true},
		{"gap", []Record{rec(1, 1), rec(3, 1)}, false},
		{"overlap", []Record{rec(1, 2), rec(2, 2)}, false},
		{"short", []Record{rec(1, 2)}, false},
		{"long", []Record{rec(1, 4)}, false},
		{"zero lines", []Record{rec(1, 0), rec(1, 3)}, false},
		{"bad level", []Record{{Line: 1, Lines: 3, Format: FormatZap, Level: "warn"}}, false},
		{"plain", []Record{{Line: 1, Lines: 3}}, true},
		{"plain with level", []Record{{Line: 1, Lines: 3, Level: LevelInfo}}, false},
	}
	for _, c := range cases {
		err := (&Truth{Records: c.records}).Check(log)
		if (err == nil) != c.ok {
			t.Errorf("%s: Check = %v, want ok=%v", c.name, err, c.ok)
		}
	}
	// A final fragment without a newline (go-hclog with forced colour) is
	// one more line.
	if err := (&Truth{Records: []Record{rec(1, 1)}}).Check([]byte("a\nb")); err == nil {
		t.Error("final fragment not counted as a line")
	}
	if err := (&Truth{Records: []Record{rec(1, 2)}}).Check([]byte("a\nb")); err != nil {
		t.Errorf("final fragment: %v", err)
	}
	if err := (&Truth{Records: []Record{rec(1, 1)}}).Check([]byte("a")); err != nil {
		t.Errorf("single unterminated line: %v", err)
	}
}

func TestEncodeTruthRoundTrip(t *testing.T) {
	in := &Truth{Origin: "o <&>", ReferenceTime: "2026-11-30T05:30:00Z", Records: []Record{
		{Line: 1, Lines: 1, Format: FormatKlog, Level: LevelInfo, Call: `klog.InfoS "x"`},
		{Line: 2, Lines: 5, Format: FormatNone, Level: LevelNone, Call: "fmt.Fprintln"},
	}}
	b := encodeTruth(in)
	p := filepath.Join(t.TempDir(), "x.truth.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := ReadTruth(p)
	if err != nil {
		t.Fatal(err)
	}
	if out.Origin != in.Origin || out.ReferenceTime != in.ReferenceTime || len(out.Records) != 2 || out.Records[1] != in.Records[1] {
		t.Errorf("round trip mismatch:\n%s", b)
	}
	if !bytes.Contains(b, []byte(`{"line": 1, "lines": 1, "format": "klog", "level": "info", "call": "klog.InfoS \"x\""}`)) {
		t.Errorf("unexpected layout:\n%s", b)
	}
}

// TestModuleVersions checks that origins name the versions required in go.mod.
func TestModuleVersions(t *testing.T) {
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Skip("go.mod not found:", err)
	}
	for mod := range fallbackVersions {
		v := moduleVersion(mod)
		if !regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(mod) + ` ` + regexp.QuoteMeta(v) + `\b`).Match(gomod) {
			t.Errorf("moduleVersion(%s) = %s, not what go.mod requires", mod, v)
		}
	}
}

// TestCommittedCorpus validates the corpus checked in under testdata/corpus
// (if present) with the same checks as a fresh one, and that it holds the
// same streams as the generator defines.
func TestCommittedCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "corpus")
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.md")); err != nil {
		t.Skip("no committed corpus:", err)
	}
	checkCorpus(t, dir)
	have := map[string]bool{}
	for _, rel := range streamFiles(t, dir) {
		have[rel] = true
	}
	manifest, _ := os.ReadFile(filepath.Join(dir, "MANIFEST.md"))
	for _, s := range allStreams() {
		rel := s.logger + "/" + s.name + ".log"
		if !have[rel] && !bytes.Contains(manifest, []byte("`"+rel+"`: ")) {
			t.Errorf("committed corpus lacks %s; regenerate with go run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus", rel)
		}
		delete(have, rel)
	}
	for rel := range have {
		t.Errorf("committed corpus has %s, which the generator no longer defines", rel)
	}
}
