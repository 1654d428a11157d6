// Package benchrace holds what the commands that race today's code against
// an earlier commit's share (internal/scanratio, make bench-scan, and
// internal/shipratio, make bench-ship): the earlier tree, extracted from
// git's object store, and the median of a run's samples.
package benchrace

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
)

// Extract writes the tree of commit rev to dir, which it creates, from
// git's object store (git archive, run in the current directory): no
// worktree to clean up, and the working tree's changes stay out of it.
func Extract(rev, dir string) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	untar := exec.Command("tar", "-x", "-C", dir)
	var err error
	if untar.Stdin, err = archive.StdoutPipe(); err != nil {
		return err
	}
	archive.Stderr, untar.Stderr = os.Stderr, os.Stderr
	if err := untar.Start(); err != nil {
		return err
	}
	if err := archive.Run(); err != nil {
		untar.Wait()
		return fmt.Errorf("git archive %s (a clone without that commit's history cannot race it): %w", rev, err)
	}
	return untar.Wait()
}

// Median returns the median of v (the mean of the middle two for an even
// count); v is not changed.
func Median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
