package image_test

import (
	"archive/tar"
	"bytes"
	"debug/buildinfo"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/tarball"

	"github.com/relevel/relevel/internal/image"
)

// buildRelevel builds cmd/relevel as `make image` does.
func buildRelevel(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "relevel")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -buildid=", "-o", out, "../../cmd/relevel")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return out
}

// The image written by mkimage, read back as `docker load` and an OCI
// runtime would: the config's entrypoint, user and labels, one layer
// whose binary runs, and the same digest from the same input.
func TestImageReadBack(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("runs the image's linux binary")
	}
	bin := buildRelevel(t)
	created := time.Unix(1796013696, 0).UTC()
	dir := t.TempDir()
	tarPath, ociDir := filepath.Join(dir, "image.tar"), filepath.Join(dir, "oci")
	mk := exec.Command("go", "run", "./mkimage", "-binary", bin, "-arch", runtime.GOARCH, "-ref", "ghcr.io/relevel/relevel:test",
		"-tar", tarPath, "-oci", ociDir, "-created", "1796013696", "-revision", "abc123")
	out, err := mk.CombinedOutput()
	if err != nil {
		t.Fatalf("mkimage: %v\n%s", err, out)
	}

	tag, _ := name.NewTag("ghcr.io/relevel/relevel:test")
	fromTar, err := tarball.ImageFromPath(tarPath, &tag)
	if err != nil {
		t.Fatalf("the tarball does not load: %v", err)
	}
	idx, err := layout.ImageIndexFromPath(ociDir)
	if err != nil {
		t.Fatalf("the OCI layout does not read: %v", err)
	}
	im, err := idx.IndexManifest()
	if err != nil || len(im.Manifests) != 1 {
		t.Fatalf("OCI layout index: %v, %d manifests, want 1", err, len(im.Manifests))
	}
	if ref := im.Manifests[0].Annotations["org.opencontainers.image.ref.name"]; ref != "test" {
		t.Errorf("OCI layout ref.name = %q, want the tag \"test\"", ref)
	}
	fromOCI, err := idx.Image(im.Manifests[0].Digest)
	if err != nil {
		t.Fatal(err)
	}
	// The tarball's manifest is docker load's to rebuild; the config (with
	// the layers' digests in it) is the image's identity in both.
	cTar, _ := fromTar.ConfigName()
	cOCI, _ := fromOCI.ConfigName()
	if cTar != cOCI {
		t.Errorf("tarball config %s, OCI layout config %s: two images", cTar, cOCI)
	}
	dOCI, _ := fromOCI.Digest()
	if !strings.Contains(string(out), dOCI.String()) {
		t.Errorf("mkimage printed %q, not the OCI manifest's digest %s", out, dOCI)
	}

	cf, err := fromOCI.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if got := cf.Config.Entrypoint; len(got) != 1 || got[0] != image.BinaryPath {
		t.Errorf("entrypoint %q, want [%s]", got, image.BinaryPath)
	}
	if cf.Config.User != image.User || strings.HasPrefix(cf.Config.User, "0") {
		t.Errorf("user %q, want the non-root %s", cf.Config.User, image.User)
	}
	if cf.OS != "linux" || cf.Architecture != runtime.GOARCH {
		t.Errorf("platform %s/%s, want linux/%s", cf.OS, cf.Architecture, runtime.GOARCH)
	}
	for k, want := range map[string]string{
		"org.opencontainers.image.title":    "relevel",
		"org.opencontainers.image.revision": "abc123",
		"org.opencontainers.image.created":  created.Format(time.RFC3339),
		"org.opencontainers.image.source":   "https://github.com/relevel/relevel",
		"org.opencontainers.image.licenses": "Apache-2.0",
	} {
		if got := cf.Config.Labels[k]; got != want {
			t.Errorf("label %s = %q, want %q", k, got, want)
		}
	}
	if !cf.Created.Time.Equal(created) {
		t.Errorf("created %v, want %v", cf.Created.Time, created)
	}

	// The layer: directories and the binary, root-owned, dated created;
	// the binary runs and carries the fallback CA roots.
	layers, err := fromOCI.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("layers: %v, %d, want 1", err, len(layers))
	}
	files := readLayer(t, layers[0])
	exe, ok := files[image.BinaryPath[1:]]
	if !ok {
		t.Fatalf("the layer has no %s; it has %v", image.BinaryPath, keys(files))
	}
	if exe.hdr.Mode != 0o755 || exe.hdr.Uid != 0 || !exe.hdr.ModTime.Equal(created) {
		t.Errorf("%s: mode %o uid %d mtime %v", image.BinaryPath, exe.hdr.Mode, exe.hdr.Uid, exe.hdr.ModTime)
	}
	if tmp, ok := files["tmp/"]; !ok || tmp.hdr.Mode != 0o1777 {
		t.Errorf("the layer's /tmp: %+v", tmp.hdr)
	}
	run := filepath.Join(t.TempDir(), "relevel")
	if err := os.WriteFile(run, exe.body, 0o755); err != nil {
		t.Fatal(err)
	}
	help, err := exec.Command(run, "--help").CombinedOutput()
	if err != nil || !bytes.Contains(help, []byte("Usage:\n  relevel <command>")) {
		t.Errorf("the image's binary, --help: %v\n%s", err, help)
	}
	info, err := buildinfo.ReadFile(run)
	if err != nil {
		t.Fatal(err)
	}
	roots := false
	for _, d := range info.Deps {
		roots = roots || d.Path == "golang.org/x/crypto/x509roots/fallback"
	}
	if !roots {
		t.Error("the binary does not link golang.org/x/crypto/x509roots/fallback: the image has no CA roots")
	}

	// Reproducible: the same binary and flags give the same digest, and
	// the same bytes on disk.
	again := filepath.Join(dir, "again")
	out2, err := exec.Command("go", "run", "./mkimage", "-binary", bin, "-arch", runtime.GOARCH, "-ref", "ghcr.io/relevel/relevel:test",
		"-tar", again+".tar", "-oci", again, "-created", "1796013696", "-revision", "abc123").CombinedOutput()
	if err != nil {
		t.Fatalf("mkimage again: %v\n%s", err, out2)
	}
	if !bytes.Equal(out, out2) {
		t.Errorf("rebuilt from the same input: %q, first %q", out2, out)
	}
	t1, _ := os.ReadFile(tarPath)
	t2, _ := os.ReadFile(again + ".tar")
	if !bytes.Equal(t1, t2) {
		t.Error("rebuilt from the same input, the tarball's bytes differ")
	}
}

// A binary built for another OS is refused with a message that says how to
// build it, not packed into an image that cannot start.
func TestBuildRefusesNonELF(t *testing.T) {
	p := filepath.Join(t.TempDir(), "relevel.exe")
	if err := os.WriteFile(p, []byte("MZ\x90\x00 a Windows binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := image.Build(image.Config{Binary: p, Arch: "amd64"})
	if err == nil || !strings.Contains(err.Error(), "GOOS=linux") {
		t.Fatalf("Build of a non-ELF file: %v", err)
	}
	_, err = image.Build(image.Config{Binary: filepath.Join(t.TempDir(), "missing"), Arch: "amd64"})
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Build of a missing file: %v", err)
	}
}

type layerFile struct {
	hdr  *tar.Header
	body []byte
}

func readLayer(t *testing.T, l v1.Layer) map[string]layerFile {
	t.Helper()
	rc, err := l.Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	files := map[string]layerFile{}
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = layerFile{h, body}
	}
}

func keys(m map[string]layerFile) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
