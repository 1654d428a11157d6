package soak

import (
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// gen is one file's worth of lines: a kubelet generation (the file keeps
// its lines when renamed), or a copytruncate copy. ids are the line ids it
// holds, in written order.
type gen struct {
	name string
	ids  []string
	gone bool // compressed or deleted: relevel cannot read it any more
}

// container is one container's log: a writer appending CRI lines to
// <dir>/0.log and the rotations done to it.
type container struct {
	idx      int
	dir      string
	live     string
	copyMode bool

	rotMu   sync.Mutex // one rotation at a time: a rename waits for the last one's reopen
	mu      sync.Mutex
	f       *os.File
	cur     *gen   // the generation f writes to
	gens    []*gen // every generation, oldest first
	seq     int
	stamp   time.Time // the next rotated name's timestamp (unique, ascending)
	burst   int       // lines left in a burst of long and partial lines
	stopped bool
	streams map[string][]string // per stream, the ids in written order
	rnd     *rand.Rand
}

func newContainer(root string, idx int, copyMode bool, seed uint64) (*container, error) {
	pod := fmt.Sprintf("ns_pod%d_uid-%d", idx, idx)
	c := &container{
		idx: idx, dir: filepath.Join(root, pod, "app"), copyMode: copyMode,
		stamp:   time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		streams: map[string][]string{},
		rnd:     rand.New(rand.NewPCG(seed, uint64(idx)+1)),
	}
	c.live = filepath.Join(c.dir, "0.log")
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil, err
	}
	return c, c.openLive()
}

func (c *container) openLive() error {
	f, err := os.OpenFile(c.live, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	c.f = f
	c.cur = &gen{name: c.live}
	c.gens = append(c.gens, c.cur)
	return nil
}

// criLine is one line as containerd writes it.
func criLine(stream, tag, content string) string {
	return time.Now().UTC().Format("2006-01-02T15:04:05.000000000Z07:00") + " " + stream + " " + tag + " " + content + "\n"
}

// write appends the next record: a klog line carrying its id, sometimes
// long, split into 16 or 8 KiB partials, or followed by a blank line.
func (c *container) write() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return nil
	}
	c.seq++
	id := fmt.Sprintf("c%dn%07d", c.idx, c.seq)
	stream := "stderr"
	if c.rnd.IntN(4) == 0 {
		stream = "stdout"
	}
	now := time.Now().UTC()
	msg := fmt.Sprintf(`I%s       1 soak.go:42] "soak line" id="%s"`, now.Format("0102 15:04:05.000000"), id)
	var b strings.Builder
	long := c.burst > 0 || c.rnd.IntN(50) == 0
	if c.burst > 0 {
		c.burst--
	}
	switch {
	case long:
		pad := strings.Repeat("abcdefghij", 500+c.rnd.IntN(4000)) // 5–45 KB
		content := msg + ` pad="` + pad + `"`
		piece := 16 << 10
		if c.rnd.IntN(2) == 0 {
			piece = 8 << 10
		}
		for len(content) > piece {
			b.WriteString(criLine(stream, "P", content[:piece]))
			content = content[piece:]
		}
		b.WriteString(criLine(stream, "F", content))
	default:
		b.WriteString(criLine(stream, "F", msg))
	}
	if c.rnd.IntN(40) == 0 {
		b.WriteString(criLine(stream, "F", ""))
	}
	if _, err := io.WriteString(c.f, b.String()); err != nil {
		return fmt.Errorf("c%d: %w", c.idx, err)
	}
	c.cur.ids = append(c.cur.ids, id)
	c.streams[stream] = append(c.streams[stream], id)
	return nil
}

// rotate renames the live file as kubelet does and creates a new one; the
// runtime goes on writing to the renamed file for reopen (late writes),
// then reopens. With gzip, every rotated generation but the newest is then
// compressed (and the uncompressed file removed), as kubelet does.
func (c *container) rotate(reopen time.Duration, gz bool, gone func(*gen)) error {
	c.rotMu.Lock()
	defer c.rotMu.Unlock()
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		return nil
	}
	c.stamp = c.stamp.Add(time.Second)
	rotated := c.live + "." + c.stamp.Format("20060102-150405")
	if err := os.Rename(c.live, rotated); err != nil {
		c.mu.Unlock()
		return err
	}
	c.cur.name = rotated
	c.mu.Unlock()
	if reopen > 0 {
		time.Sleep(reopen) // the runtime's reopen comes a little after the rename: a scheduled delay, not a wait
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return nil // the pod was removed during the reopen delay; stop closed the file
	}
	if err := c.f.Close(); err != nil {
		return err
	}
	if err := c.openLive(); err != nil {
		return err
	}
	if !gz {
		return nil
	}
	// Compress every rotated uncompressed generation except the newest.
	var rotatedGens []*gen
	for _, g := range c.gens {
		if !g.gone && g.name != c.live && !strings.HasSuffix(g.name, ".gz") {
			rotatedGens = append(rotatedGens, g)
		}
	}
	for _, g := range rotatedGens[:max(len(rotatedGens)-1, 0)] {
		if err := gzipFile(g.name); err != nil {
			return err
		}
		gone(g)
		g.gone = true
		g.name += ".gz"
	}
	return nil
}

// copyTruncate copies the live file to <live>.1 (older copies shift to .2,
// .3; the fifth is deleted) and truncates the live file, with the writer
// held, so no line is lost by the rotation itself.
func (c *container) copyTruncate(gone func(*gen)) error {
	c.rotMu.Lock()
	defer c.rotMu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return nil
	}
	byName := map[string]*gen{}
	for _, g := range c.gens {
		if !g.gone {
			byName[g.name] = g
		}
	}
	for n := 4; n >= 1; n-- {
		from := fmt.Sprintf("%s.%d", c.live, n)
		g := byName[from]
		if g == nil {
			continue
		}
		if n == 4 {
			if err := os.Remove(from); err != nil {
				return err
			}
			gone(g)
			g.gone = true
			continue
		}
		to := fmt.Sprintf("%s.%d", c.live, n+1)
		if err := os.Rename(from, to); err != nil {
			return err
		}
		g.name = to
	}
	data, err := os.ReadFile(c.live)
	if err != nil {
		return err
	}
	copyName := c.live + ".1"
	if err := os.WriteFile(copyName, data, 0o644); err != nil {
		return err
	}
	if err := c.f.Truncate(0); err != nil {
		return err
	}
	cp := &gen{name: copyName, ids: c.cur.ids}
	c.cur.ids = nil
	c.gens = append(c.gens[:len(c.gens)-1], cp, c.cur)
	return nil
}

// stop ends the container's writing; remove deletes its pod directory.
func (c *container) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.stopped {
		c.stopped = true
		_ = c.f.Close()
	}
}

func (c *container) remove(gone func(*gen)) error {
	c.stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, g := range c.gens {
		if !g.gone {
			gone(g)
			g.gone = true
		}
	}
	return os.RemoveAll(filepath.Dir(c.dir))
}

func gzipFile(name string) error {
	in, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	tmp := name + ".gz.tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(out)
	if _, err := zw.Write(in); err != nil {
		out.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, name+".gz"); err != nil {
		return err
	}
	return os.Remove(name)
}
