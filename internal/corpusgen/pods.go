package corpusgen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// PodStream is one container log file of the sample node tree: a corpus
// stream written the way a container runtime writes it, at the kubelet's
// path.
type PodStream struct {
	Path    string // under the tree: <namespace>_<pod>_<uid>/<container>/<restart>.log
	Corpus  string // the corpus stream, relative to the corpus directory
	Stream  string // "stdout" or "stderr"
	Runtime string // "containerd" (RFC 3339 nanos trimmed, Z, 16 KiB P pieces) or "crio" (9 digits, +00:00, 8 KiB pieces)
}

// PodStreams is the sample tree: the loggers a fresh cluster runs, each in
// the pod that would write it.
var PodStreams = []PodStream{
	{"kube-system_kube-controller-manager-node-1_5f1c2a9e-0b7d-4d0e-9a53-1c2d3e4f5a6b/kube-controller-manager/0.log", "klog/global-structured.log", "stderr", "containerd"},
	{"operators_controller-manager-6c9f8d7b5-x2k4p_8a7b6c5d-4e3f-2a1b-0c9d-8e7f6a5b4c3d/manager/0.log", "mixed/controller-runtime-klog.log", "stderr", "containerd"},
	{"monitoring_prometheus-0_2b3c4d5e-6f7a-8b9c-0d1e-2f3a4b5c6d7e/prometheus/0.log", "gokit/logfmt-level-after-ts.log", "stderr", "crio"},
	{"vault_vault-0_9e8d7c6b-5a4f-3e2d-1c0b-9a8f7e6d5c4b/vault/0.log", "hclog/text-named.log", "stderr", "containerd"},
	{"shop_api-7d4f9c6b8-q9w8e_3c4d5e6f-7a8b-9c0d-1e2f-3a4b5c6d7e8f/api/0.log", "slog/text.log", "stdout", "containerd"},
	{"shop_worker-5b6c7d8e9-z1x2c_4d5e6f7a-8b9c-0d1e-2f3a-4b5c6d7e8f9a/worker/2.log", "gopanic/panic-after-plain-lines.log", "stderr", "crio"},
}

// WritePods writes the sample node tree under dir from the corpus in
// corpusDir (written by Generate with the real loggers): each line of a
// stream becomes one runtime log line, pieces of at most the runtime's
// size marked P, stamped one millisecond apart from a fixed time.
func WritePods(corpusDir, dir string) error {
	for _, ps := range PodStreams {
		data, err := os.ReadFile(filepath.Join(corpusDir, ps.Corpus))
		if err != nil {
			return err
		}
		out, err := runtimeLines(data, ps.Stream, ps.Runtime)
		if err != nil {
			return fmt.Errorf("%s: %w", ps.Path, err)
		}
		p := filepath.Join(dir, filepath.FromSlash(ps.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func runtimeLines(data []byte, stream, runtime string) ([]byte, error) {
	piece, layout := 16<<10, time.RFC3339Nano
	switch runtime {
	case "containerd":
	case "crio":
		piece, layout = 8<<10, "2006-01-02T15:04:05.000000000-07:00"
	default:
		return nil, fmt.Errorf("unknown runtime %q", runtime)
	}
	t := time.Date(2026, 11, 30, 5, 52, 38, 0, time.UTC)
	var out bytes.Buffer
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		stamp := t.Format(layout)
		for {
			tag, part := "F", line
			if len(part) > piece {
				tag, part = "P", line[:piece]
			}
			fmt.Fprintf(&out, "%s %s %s %s\n", stamp, stream, tag, part)
			line = line[len(part):]
			if tag == "F" {
				break
			}
		}
		t = t.Add(time.Millisecond)
	}
	return out.Bytes(), nil
}
