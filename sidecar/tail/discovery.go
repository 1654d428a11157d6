package tail

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// pattern is one Include glob and the directory globs whose directories must
// be watched to see every file it can match appear: from the last directory
// without glob characters down to the glob's own directory. For
// /var/log/pods/*/*/*.log these are /var/log/pods, /var/log/pods/* and
// /var/log/pods/*/*, so a new pod directory, then its container
// directory, then the container's 0.log are all noticed by events.
type pattern struct {
	glob   string
	levels []string
}

func newPattern(glob string) pattern {
	glob = filepath.Clean(glob)
	dir := filepath.Dir(glob)
	p := pattern{glob: glob}
	parts := strings.Split(dir, string(filepath.Separator))
	first := len(parts)
	for i, c := range parts {
		if hasMeta(c) {
			first = i
			break
		}
	}
	if first == len(parts) {
		p.levels = []string{dir}
		return p
	}
	root := strings.Join(parts[:first], string(filepath.Separator))
	switch {
	case root == "" && filepath.IsAbs(dir):
		root = string(filepath.Separator)
	case root == "":
		root = "."
	}
	p.levels = append(p.levels, root)
	cur := root
	for _, c := range parts[first:] {
		cur = filepath.Join(cur, c)
		p.levels = append(p.levels, cur)
	}
	return p
}

func hasMeta(s string) bool { return strings.ContainsAny(s, `*?[\`) }

// rotatedName matches the names rotation gives to files that are no longer
// written: kubelet's 0.log.20261130-044312, numbered copies (Docker's
// <id>-json.log.1, logrotate's .1), compressed copies and kubelet's
// temporary files during compression (0.log.<ts>.gz.tmp).
var rotatedName = regexp.MustCompile(`\.log\.(\d{8}-\d{6}|\d+)$|\.gz$|\.tmp$`)

// accept reports whether discovery may open path.
func (t *Tailer) accept(path string) bool {
	if rotatedName.MatchString(path) {
		return false
	}
	included := false
	for _, p := range t.patterns {
		if ok, _ := filepath.Match(p.glob, path); ok {
			included = true
			break
		}
	}
	if !included {
		return false
	}
	for _, g := range t.cfg.Exclude {
		if ok, _ := filepath.Match(g, path); ok {
			return false
		}
	}
	return t.cfg.Skip == nil || !t.cfg.Skip(path)
}

// isWatchLevel reports whether path is (or was) a directory that must be
// watched, so that its appearance or removal calls for a rescan.
func (t *Tailer) isWatchLevel(path string) bool {
	for _, p := range t.patterns {
		for _, l := range p.levels {
			if ok, _ := filepath.Match(l, path); ok {
				return true
			}
		}
	}
	return false
}

// watchDirs returns the existing directories the patterns involve.
func (t *Tailer) watchDirs() map[string]bool {
	dirs := make(map[string]bool)
	for _, p := range t.patterns {
		for _, l := range p.levels {
			ms, _ := filepath.Glob(l)
			for _, m := range ms {
				if fi, err := os.Stat(m); err == nil && fi.IsDir() {
					dirs[m] = true
				}
			}
		}
	}
	return dirs
}

// candidates returns the paths the Include globs match now that discovery
// may open, in a stable order.
func (t *Tailer) candidates() []string {
	var out []string
	seen := make(map[string]bool)
	for _, p := range t.patterns {
		ms, _ := filepath.Glob(p.glob)
		for _, m := range ms {
			if !seen[m] && t.accept(m) {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}
