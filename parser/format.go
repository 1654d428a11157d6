package parser

// Format names the logger (or runtime) that wrote a record. The names are a
// contract (DESIGN.md): they appear in relevel's output and are never renamed.
type Format uint8

// Known formats. FormatUnknown ("") means nothing was recognised.
const (
	FormatUnknown Format = iota
	FormatKlog
	FormatKlogJSON
	FormatZap
	FormatLogrus
	FormatSlog
	FormatZerolog
	FormatGokit
	FormatHclog
	FormatBracket
	FormatGoPanic
	FormatJSON
	// FormatLogutils is package log's date and time, then a bracketed
	// level: "2019/03/03 02:15:03 [WARN] agent: msg", as
	// github.com/hashicorp/logutils filters it and serf, memberlist and the
	// HashiCorp agents before hclog wrote it.
	FormatLogutils
	numFormats
)

var formatNames = [...]string{"", "klog", "klog-json", "zap", "logrus", "slog", "zerolog", "gokit", "hclog", "bracket", "gopanic", "json", "logutils"}

// String returns the contract name of the format ("klog", "zap", …), or "".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return ""
}

// ParseFormat maps a contract name back to its Format; ok is false for names
// relevel does not know (the empty name is FormatUnknown and valid).
func ParseFormat(name string) (Format, bool) {
	for i, n := range formatNames {
		if n == name {
			return Format(i), true
		}
	}
	return FormatUnknown, false
}

// Formats lists every named format, in a stable order.
func Formats() []Format {
	out := make([]Format, 0, numFormats-1)
	for f := FormatKlog; f < numFormats; f++ {
		out = append(out, f)
	}
	return out
}
