package ddapi

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// maxDiffCells bounds the LCS table; larger inputs are shown as one
// replacement hunk.
const maxDiffCells = 16 << 20

// unifiedDiff returns a unified diff of two texts ("" when equal), with
// the headers "--- from" and "+++ to".
func unifiedDiff(from, to, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
	// Group the edit script into hunks separated by more than 2*context
	// unchanged lines.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-diffContext, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*diffContext {
				end = min(end+diffContext, len(ops))
				break
			}
			end = run
		}
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // 1-based line numbers in x and y (the one that applies)
}

func writeHunk(out *strings.Builder, ops []diffOp) {
	aStart, bStart, aLen, bLen := 0, 0, 0, 0
	for _, op := range ops {
		switch op.kind {
		case ' ':
			if aStart == 0 {
				aStart = op.a
			}
			if bStart == 0 {
				bStart = op.b
			}
			aLen++
			bLen++
		case '-':
			if aStart == 0 {
				aStart = op.a
			}
			aLen++
		case '+':
			if bStart == 0 {
				bStart = op.b
			}
			bLen++
		}
	}
	// An empty side starts at the line before, as diff(1) writes it.
	if aLen == 0 {
		aStart = ops[0].a - 1
	}
	if bLen == 0 {
		bStart = ops[0].b - 1
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
	for _, op := range ops {
		out.WriteByte(op.kind)
		out.WriteString(op.line)
		out.WriteByte('\n')
	}
}

func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", max(start, 0), n)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffLines is a longest-common-subsequence edit script. Every op carries
// the line numbers it sits at in both texts, so hunks can be cut anywhere.
func diffLines(x, y []string) []diffOp {
	// Common prefix and suffix shrink the table.
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]

	var ops []diffOp
	ai, bi := 1, 1
	keep := func(line string) {
		ops = append(ops, diffOp{' ', line, ai, bi})
		ai++
		bi++
	}
	del := func(line string) {
		ops = append(ops, diffOp{'-', line, ai, bi})
		ai++
	}
	add := func(line string) {
		ops = append(ops, diffOp{'+', line, ai, bi})
		bi++
	}
	for _, l := range x[:pre] {
		keep(l)
	}
	if len(mx)*len(my) > maxDiffCells {
		for _, l := range mx {
			del(l)
		}
		for _, l := range my {
			add(l)
		}
	} else {
		// lcs[i][j] = LCS length of mx[i:] and my[j:].
		n, m := len(mx), len(my)
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && mx[i] == my[j]:
				keep(mx[i])
				i++
				j++
			case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
				del(mx[i])
				i++
			default:
				add(my[j])
				j++
			}
		}
	}
	for _, l := range x[len(x)-suf:] {
		keep(l)
	}
	return ops
}
