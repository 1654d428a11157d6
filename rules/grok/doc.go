// Package grok is a local engine for Datadog's grok dialect: it compiles the
// match rules and support (helper) rules of a Datadog Logs grok parser
// processor and parses logs with them offline, so that generated rules are
// tested before they ship.
//
// The engine is a direct translator built on Go's regexp (RE2), not on
// github.com/vjeantet/grok: Datadog's dialect (matchers with arguments,
// filters, dotted extract names, implicit anchoring) differs too much from
// Logstash grok for a wrapper to be simpler. Each match rule becomes one
// regular expression, compiled once, whose named groups map back to an
// extract name and a chain of filters.
//
// # Rules
//
// A rules text holds one rule per line, "name pattern"; blank lines are
// ignored. Names are unique across match and support rules, made of letters,
// digits, '_' and '.', and do not start with '.': Datadog documents a leading
// letter or digit, but its own integration pipelines name helpers "_auth",
// "_date", and the backend takes them. A pattern is a regular
// expression in which tokens %{MATCHER}, %{MATCHER:EXTRACT} and
// %{MATCHER:EXTRACT:FILTER} stand for sub-patterns. MATCHER is a built-in
// matcher, possibly with arguments (date("yyyy-MM-dd"), regex("[a-z]+")), or
// the name of a support rule, or of a match rule defined above. Support rules
// may reference each other in any order; a cycle is an error.
//
// Semantics follow Datadog's documentation:
//
//   - Each rule is anchored at both ends (\A…\z) and runs in dot-all mode,
//     so data (and any ".") spans newlines; notSpace stops at whitespace.
//     An inline flag group such as (?-s) turns dot-all off for the rest of
//     the group it is in, data matchers included.
//   - data is lazy (".*?", grok's DATA): between two fixed parts it takes
//     the shortest text, as Datadog's recorded results for its consul and
//     nginx pipelines show (Vector's re-implementation makes it greedy).
//   - Match rules are tried top to bottom; the first that matches wins.
//   - EXTRACT names with dots nest: "a.b" sets {"a":{"b":…}}.
//   - Empty captures are not set; null, "" and {} values are removed from the
//     result (Datadog: "properties with null or empty values are not
//     displayed").
//   - A name extracted more than once (twice in a rule, or by a rule and a
//     helper it uses) collects its values into an array, in match order. This
//     is what Datadog's open-source re-implementation (Vector's parse_groks)
//     does; Datadog's documentation does not say.
//   - A filter that fails on a value drops that attribute; the rule still
//     matches.
//   - With no EXTRACT, a filter whose result is an object (%{data::json},
//     %{data::keyvalue}) merges it into the root; any other result is
//     discarded. Objects merge deeply; on a conflict the later value wins,
//     and a root merge replaces a (?P<name>…) group's value of the same name
//     (Datadog's recorded result for its Argo CD pipeline).
//   - Object keys produced by filters (json, keyvalue, …) that contain dots
//     are expanded into nested objects, as Datadog does with attributes.
//   - %{helper:name} captures the helper's whole text into name; the
//     helper's own extractions are kept too.
//
// Inside string arguments, \" \' \\ \n \t and \r are escapes; any other
// backslash is kept, so regex("\d{4}") and regex("\\d{4}") both mean \d{4}.
// Datadog documents only \\ and \" there and Vector rejects the rest, so
// every other escape is ambiguous: Compile reports it as a Warning (an error
// with Strict). Writing "[0-9]" for "\d" needs no escape at all.
//
// # Matchers
//
// date("pattern"[, "timezone"[, "locale"]]), regex("pattern"), notSpace,
// boolean(["true", "false"]), numberStr, number, numberExtStr, numberExt,
// integerStr, integer, integerExtStr, integerExt, word, doubleQuotedString,
// singleQuotedString, quotedString, uuid, mac, ipv4, ipv6, ip, hostname,
// ipOrHost, port and data. number and numberExt give float64, integer and
// integerExt int64, boolean a bool, date the epoch milliseconds (int64); the
// *Str variants keep the string. Any other name that is not a rule is an
// error.
//
// The date pattern is Joda/Java style with the letters y Y M d D H k K h m s
// S a E z Z G and quoted literals ('T'); other letters are an error. A date
// without year, month and day is on 1970-01-01 (Datadog: "HH:mm:ss" gives
// 51615000 for 14:20:15); a date with a month or day but no year takes the
// current year (see WithNow). The zone comes from the text (Z, ZZ, z), else
// from the timezone argument, else UTC. Only English month and day names are
// known, so a locale argument other than English is an error.
//
// # Filters
//
// number, integer, boolean, nullIf("value"), json, rubyhash,
// useragent([decodeuricomponent:true|false]), querystring, decodeuricomponent,
// lowercase, uppercase, keyvalue([separator[, allowedChars[, quotes[,
// delimiters]]]]), xml, csv(headers[, separator[, quote]]), scale(factor),
// array([[brackets, ] separator][, filter]) and url. Any other name is an
// error. Details where the documentation leaves room:
//
//   - keyvalue: keys and values are quoted, or made of \w.\-_@ plus the
//     allowed characters (character-class text); a key starts the text or
//     follows a delimiter, a value ends it or precedes one. Values are typed
//     (true, false, numbers; null and empty values are dropped); a repeated
//     key gives an array. Every character of the delimiters argument
//     separates pairs.
//   - array: the last argument may be a filter (array("{}", "-", uppercase));
//     a sub-rule is not supported there and is reported as an unknown filter.
//   - csv: values that look like integers or doubles become numbers; empty
//     values are not set.
//   - url: like Datadog's URL parser, with the scheme's default port (80,
//     443) when none is written and query values as written.
//   - boolean (the matcher) with arguments matches the two words literally,
//     ignoring case.
//
// The useragent filter is modest: it recognises the common browsers (Chrome,
// Firefox, Safari, Edge, Opera, Internet Explorer, Samsung Internet), the
// common operating systems (Windows, Mac OS X, iOS, Android, Chrome OS,
// Linux) and a few tools and bots (curl, Wget, Go-http-client,
// python-requests, kube-probe, Googlebot, bingbot), and returns
// {"browser":{family,major,minor,patch,patch_minor}, "os":{family,major,
// minor,patch}, "device":{family,brand,model,category}} like Datadog's
// User-Agent parser; anything else is family "Other".
//
// # Differences from Datadog that cannot be avoided
//
// RE2 has no look-around, atomic groups, possessive quantifiers or
// back-references. Atomic groups (?>…) are rewritten to plain groups (so
// they may match where Datadog's would not); the others are a *SyntaxError
// naming the construct. The built-in patterns drop the look-arounds
// Datadog's library uses (ipv4). A group repeated by a quantifier
// ((%{word:w} )*) yields its last iteration only. A (?P<name>…) group in a
// rule is extracted under its literal name, which RE2 limits to letters,
// digits and '_'.
package grok
