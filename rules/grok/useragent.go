package grok

import (
	"net/url"
	"regexp"
	"strings"
)

// compileUseragent: useragent, or useragent(decodeuricomponent:true) to
// URL-decode the value first.
func compileUseragent(c *call) (*filter, error) {
	decode := false
	for _, a := range c.args {
		s := strings.ReplaceAll(strings.ToLower(a.s), " ", "")
		switch {
		case a.kind == argCall || a.kind == argNumber:
			return nil, errf(a.off, "useragent takes an optional decodeuricomponent:true|false")
		case s == "true" || s == "decodeuricomponent:true" || s == "decodeuricomponent":
			decode = true
		case s == "false" || s == "decodeuricomponent:false":
			decode = false
		default:
			return nil, errf(a.off, "useragent: unknown argument %q (want decodeuricomponent:true or decodeuricomponent:false)", a.s)
		}
	}
	return &filter{name: c.name, fn: func(v any, _ *env) (any, bool) {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		if decode {
			d, err := url.PathUnescape(s)
			if err != nil {
				return nil, false
			}
			s = d
		}
		return parseUserAgent(s), true
	}}, nil
}

const reVersion = `(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?`

type uaRule struct {
	re     *regexp.Regexp
	family string
}

func uaRules(pairs ...string) []uaRule {
	rules := make([]uaRule, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		rules = append(rules, uaRule{re: regexp.MustCompile(pairs[i]), family: pairs[i+1]})
	}
	return rules
}

// Browsers and clients, most specific first (Chrome-based browsers also say
// Chrome and Safari; Chrome also says Safari).
var uaBrowsers = uaRules(
	`(?i)(?:googlebot|bingbot|yandexbot|duckduckbot|baiduspider)/`+reVersion, "",
	`Edg(?:e|A|iOS)?/`+reVersion, "Edge",
	`(?:OPR|Opera)/`+reVersion, "Opera",
	`SamsungBrowser/`+reVersion, "Samsung Internet",
	`FxiOS/`+reVersion, "Firefox iOS",
	`Firefox/`+reVersion, "Firefox",
	`CriOS/`+reVersion, "Chrome Mobile iOS",
	`Chromium/`+reVersion, "Chromium",
	`Chrome/`+reVersion+` Mobile`, "Chrome Mobile",
	`Chrome/`+reVersion, "Chrome",
	`Version/`+reVersion+`.*Mobile.*Safari/`, "Mobile Safari",
	`Version/`+reVersion+`.*Safari/`, "Safari",
	`MSIE (\d+)\.(\d+)()()`, "IE",
	`Trident/.*rv:(\d+)\.(\d+)()()`, "IE",
	`curl/`+reVersion, "curl",
	`Wget/`+reVersion, "Wget",
	`Go-http-client/`+reVersion, "Go-http-client",
	`python-requests/`+reVersion, "Python Requests",
	`kube-probe/`+reVersion, "kube-probe",
)

var (
	uaBotRE     = regexp.MustCompile(`(?i)(googlebot|bingbot|yandexbot|duckduckbot|baiduspider)`)
	uaWindowsRE = regexp.MustCompile(`Windows NT (\d+\.\d+)`)
	uaIOSRE     = regexp.MustCompile(`(?:iPhone|CPU) OS (\d+)_(\d+)(?:_(\d+))?`)
	uaMacRE     = regexp.MustCompile(`Mac OS X (\d+)[_.](\d+)(?:[_.](\d+))?`)
	uaAndroidRE = regexp.MustCompile(`Android (\d+)(?:\.(\d+))?(?:\.(\d+))?`)
	uaCrOSRE    = regexp.MustCompile(`CrOS \S+ (\d+)\.(\d+)\.(\d+)`)
)

var windowsVersions = map[string][2]string{
	"10.0": {"10", ""}, "6.3": {"8", "1"}, "6.2": {"8", ""}, "6.1": {"7", ""},
	"6.0": {"Vista", ""}, "5.2": {"XP", ""}, "5.1": {"XP", ""},
}

// parseUserAgent returns {"browser":…, "os":…, "device":…} with the same
// keys as Datadog's User-Agent parser; unknown parts are family "Other".
func parseUserAgent(ua string) map[string]any {
	browser := map[string]any{"family": "Other"}
	bot := uaBotRE.FindString(ua)
	for _, r := range uaBrowsers {
		m := r.re.FindStringSubmatch(ua)
		if m == nil {
			continue
		}
		fam := r.family
		if fam == "" {
			fam = bot
		}
		browser = versioned(fam, m[1:], "major", "minor", "patch", "patch_minor")
		break
	}

	os := map[string]any{"family": "Other"}
	switch {
	case uaWindowsRE.MatchString(ua):
		v := windowsVersions[uaWindowsRE.FindStringSubmatch(ua)[1]]
		os = versioned("Windows", v[:], "major", "minor")
	case uaIOSRE.MatchString(ua):
		os = versioned("iOS", uaIOSRE.FindStringSubmatch(ua)[1:], "major", "minor", "patch")
	case uaMacRE.MatchString(ua):
		os = versioned("Mac OS X", uaMacRE.FindStringSubmatch(ua)[1:], "major", "minor", "patch")
	case uaAndroidRE.MatchString(ua):
		os = versioned("Android", uaAndroidRE.FindStringSubmatch(ua)[1:], "major", "minor", "patch")
	case uaCrOSRE.MatchString(ua):
		os = versioned("Chrome OS", uaCrOSRE.FindStringSubmatch(ua)[1:], "major", "minor", "patch")
	case strings.Contains(ua, "Ubuntu"):
		os = map[string]any{"family": "Ubuntu"}
	case strings.Contains(ua, "Linux"):
		os = map[string]any{"family": "Linux"}
	}

	device := map[string]any{"family": "Other", "category": "Other"}
	switch {
	case bot != "":
		device = map[string]any{"family": "Spider", "brand": "Spider", "model": "Desktop", "category": "Bot"}
	case strings.Contains(ua, "iPhone"):
		device = map[string]any{"family": "iPhone", "brand": "Apple", "model": "iPhone", "category": "Mobile"}
	case strings.Contains(ua, "iPad"):
		device = map[string]any{"family": "iPad", "brand": "Apple", "model": "iPad", "category": "Tablet"}
	case strings.Contains(ua, "Macintosh"):
		device = map[string]any{"family": "Mac", "brand": "Apple", "model": "Mac", "category": "Desktop"}
	case strings.Contains(ua, "Android") && strings.Contains(ua, "Mobile"):
		device = map[string]any{"family": "Generic Smartphone", "brand": "Generic", "model": "Smartphone", "category": "Mobile"}
	case strings.Contains(ua, "Android"):
		device = map[string]any{"family": "Generic Tablet", "brand": "Generic", "model": "Tablet", "category": "Tablet"}
	case strings.Contains(ua, "Windows") || strings.Contains(ua, "X11") || strings.Contains(ua, "CrOS"):
		device = map[string]any{"family": "Other", "category": "Desktop"}
	}
	return map[string]any{"browser": browser, "os": os, "device": device}
}

// versioned builds {"family": family, names[i]: parts[i]…}, skipping empty
// parts.
func versioned(family string, parts []string, names ...string) map[string]any {
	out := map[string]any{"family": family}
	for i, n := range names {
		if i < len(parts) && parts[i] != "" {
			out[n] = parts[i]
		}
	}
	return out
}

// ParseUserAgent reads a User-Agent header as the useragent filter and
// Datadog's User-Agent Parser processor do: browser, device and os, each
// with a family and, when known, version parts.
func ParseUserAgent(ua string) map[string]any { return parseUserAgent(ua) }
