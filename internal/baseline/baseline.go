// Package baseline provides the level classifiers that benchmarks compare the
// hand-written parser against.
//
// These classifiers are deliberately the "what users run today" baselines,
// not the product. Each one reproduces the Datadog log pipeline a user would
// configure by hand (the seed pipeline, "container-log-level"): one grok
// parser with four match rules tried in order (klog, zap, logfmt_with_time,
// logfmt; first match wins), followed by lookup processors that map the raw
// level each rule extracted to a canonical level word (debug, info, warning,
// error, critical).
//
// Two executions of the same rules are offered:
//
//   - [Grok] translates the rules from Datadog's grok dialect to standard
//     grok and runs them with github.com/vjeantet/grok.
//   - [Regexp] runs hand-expanded equivalents with the standard library's
//     regexp package, one compiled regexp per rule.
//
// Both are meant to give the same answer for every line (the tests check this
// on lines from real logger output); only their cost differs. They favour
// fidelity to the pipeline over speed and should not be optimised beyond what
// a typical user would write.
package baseline

import "strings"

// Classifier returns the canonical level word of one log line, ok=false when no rule matched.
//
// The level is one of "debug", "info", "warning", "error" or "critical". A
// line that matches a rule whose raw level is missing from that rule's lookup
// table (for example go-kit's "level=warn") also gives ok=false, because the
// seed pipeline then sets no level and hence no status.
type Classifier interface {
	Classify(line []byte) (level string, ok bool)
}

// Compile-time checks that both baselines satisfy Classifier.
var (
	_ Classifier = (*Grok)(nil)
	_ Classifier = (*Regexp)(nil)
)

// Canonical level words written by the seed pipeline's lookup processors.
const (
	levelDebug    = "debug"
	levelInfo     = "info"
	levelWarning  = "warning"
	levelError    = "error"
	levelCritical = "critical"
)

// Lookup tables of the seed pipeline's lookup processors, copied verbatim
// (Datadog lookups are exact, case-sensitive key matches).
var (
	// "klog severity": source klog.severity.
	klogLookup = map[string]string{
		"I": levelInfo,
		"W": levelWarning,
		"E": levelError,
		"F": levelCritical,
	}
	// "zap level": source zap.level (upper-cased by the grok filter).
	zapLookup = map[string]string{
		"DEBUG":  levelDebug,
		"INFO":   levelInfo,
		"WARN":   levelWarning,
		"ERROR":  levelError,
		"DPANIC": levelCritical,
		"PANIC":  levelCritical,
		"FATAL":  levelCritical,
	}
	// "logrus level": source logfmt.level (lower-cased by the grok filter).
	logrusLookup = map[string]string{
		"trace":   levelDebug,
		"debug":   levelDebug,
		"info":    levelInfo,
		"warning": levelWarning,
		"error":   levelError,
		"fatal":   levelCritical,
		"panic":   levelCritical,
	}
)

// rule is one match rule of the seed pipeline's grok parser together with
// the post-processing its raw level goes through.
type rule struct {
	// name is the Datadog match-rule name.
	name string
	// grok is the rule in standard grok syntax (see grokPatterns).
	grok string
	// regexp is the rule expanded to a Go regular expression. Capture group
	// names are the EXTRACT names with '.' replaced by '_'.
	regexp string
	// levelField is the EXTRACT name of the raw level, e.g. "klog.severity".
	levelField string
	// filter is the rule's :uppercase / :lowercase filter on levelField, or nil.
	filter func(string) string
	// lookup is the lookup-processor table whose source is levelField.
	lookup map[string]string
}

// level turns the raw level captured by the rule into the canonical word,
// applying the grok filter and then the lookup table. A raw level that is
// empty (Datadog does not emit empty attributes) or absent from the table
// leaves the pipeline without a level: ok=false.
func (r *rule) level(raw string) (string, bool) {
	if raw == "" {
		return "", false
	}
	if r.filter != nil {
		raw = r.filter(raw)
	}
	lvl, ok := r.lookup[raw]
	return lvl, ok
}

// grokPatterns are the custom patterns standing in for the seed pipeline's
// inline %{regex("..."):name} matchers, which standard grok does not have.
// The regex bodies are copied unchanged from the seed pipeline.
var grokPatterns = map[string]string{
	"KLOG_SEVERITY": `[IWEF]`,
	"KLOG_TIME":     `\d{4} \d{2}:\d{2}:\d{2}\.\d+`,
	"KLOG_LOCATION": `[^\]]+`,
	"ZAP_TIMESTAMP": `\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})`,
	"ZAP_LEVEL":     `(DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL|debug|info|warn|error|dpanic|panic|fatal)`,
}

// seedRules are the four match rules of the seed pipeline, in order.
//
// Original Datadog match rules (JSON-unescaped):
//
//	klog %{regex("[IWEF]"):klog.severity}%{regex("\d{4} \d{2}:\d{2}:\d{2}\.\d+")}\s+%{integer:klog.thread_id}\s+%{regex("[^\]]+"):klog.location}]\s?%{data:klog.message}
//	zap %{regex("\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"):zap.timestamp}[\t ]+%{regex("(DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL|debug|info|warn|error|dpanic|panic|fatal)"):zap.level:uppercase}[\t ]+%{data:zap.message}
//	logfmt_with_time time=%{notSpace:logfmt.time}\s+level=%{word:logfmt.level:lowercase}\s+%{data:logfmt.message}
//	logfmt level=%{word:logfmt.level:lowercase}\s+%{data:logfmt.message}
//
// Translation to standard grok / Go regexp:
//   - Datadog anchors every rule and turns on dot-matches-newline (its data
//     matcher spans newlines), so each translation is (?s)^…$. In Go, ^ and $
//     without (?m) match only at the start and end of the whole text (\A, \z).
//   - %{regex("re"):x} → a custom pattern (grokPatterns) / (?P<x>re).
//   - %{regex("re")} without EXTRACT → an unnamed custom pattern / re inline.
//   - %{integer:x} → %{INT:x} / [-+]?\d+.
//   - %{notSpace:x} → %{NOTSPACE:x} / \S+.
//   - %{word:x} → %{WORD:x} / \b\w+\b.
//   - %{data:x} → %{GREEDYDATA:x} / .* (both under (?s)).
//   - The :uppercase / :lowercase filters have no grok equivalent; they are
//     applied in Go (rule.filter) to the extracted level only.
//   - The literal ']' after klog.location is written \] (same meaning).
var seedRules = []rule{
	{
		name:       "klog",
		grok:       `(?s)^%{KLOG_SEVERITY:klog.severity}%{KLOG_TIME}\s+%{INT:klog.thread_id}\s+%{KLOG_LOCATION:klog.location}\]\s?%{GREEDYDATA:klog.message}$`,
		regexp:     `(?s)^(?P<klog_severity>[IWEF])\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+(?P<klog_thread_id>[-+]?\d+)\s+(?P<klog_location>[^\]]+)\]\s?(?P<klog_message>.*)$`,
		levelField: "klog.severity",
		lookup:     klogLookup,
	},
	{
		name:       "zap",
		grok:       `(?s)^%{ZAP_TIMESTAMP:zap.timestamp}[\t ]+%{ZAP_LEVEL:zap.level}[\t ]+%{GREEDYDATA:zap.message}$`,
		regexp:     `(?s)^(?P<zap_timestamp>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))[\t ]+(?P<zap_level>DEBUG|INFO|WARN|ERROR|DPANIC|PANIC|FATAL|debug|info|warn|error|dpanic|panic|fatal)[\t ]+(?P<zap_message>.*)$`,
		levelField: "zap.level",
		filter:     strings.ToUpper,
		lookup:     zapLookup,
	},
	{
		name:       "logfmt_with_time",
		grok:       `(?s)^time=%{NOTSPACE:logfmt.time}\s+level=%{WORD:logfmt.level}\s+%{GREEDYDATA:logfmt.message}$`,
		regexp:     `(?s)^time=(?P<logfmt_time>\S+)\s+level=(?P<logfmt_level>\b\w+\b)\s+(?P<logfmt_message>.*)$`,
		levelField: "logfmt.level",
		filter:     strings.ToLower,
		lookup:     logrusLookup,
	},
	{
		name:       "logfmt",
		grok:       `(?s)^level=%{WORD:logfmt.level}\s+%{GREEDYDATA:logfmt.message}$`,
		regexp:     `(?s)^level=(?P<logfmt_level>\b\w+\b)\s+(?P<logfmt_message>.*)$`,
		levelField: "logfmt.level",
		filter:     strings.ToLower,
		lookup:     logrusLookup,
	},
}
