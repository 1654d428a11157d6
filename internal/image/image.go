// Package image assembles relevel's container image from the static binary,
// without a Docker engine: one layer holding the binary at
// /usr/local/bin/relevel and an empty /tmp, no shell and no package
// manager (what distroless/static gives, less its files), a non-root user,
// the entrypoint and the OCI labels. CA roots are not files in the image:
// cmd/relevel links golang.org/x/crypto/x509roots/fallback, which Go uses
// when the system has none, as in this image.
//
// The same binary and Config give the same image digest: every timestamp
// in the layer and the config is Config.Created, and entries are written
// in a fixed order with fixed owners.
package image

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// BinaryPath is where the image holds relevel, its entrypoint.
const BinaryPath = "/usr/local/bin/relevel"

// User is the image's user and group: distroless's "nonroot". The
// DaemonSet overrides it with runAsUser: 0 to read the kubelet's
// root-owned log files; a sidecar reading a shared volume needs no root.
const User = "65532:65532"

// Config says what goes into the image besides the binary.
type Config struct {
	// Binary is the path of relevel built for linux (CGO_ENABLED=0).
	Binary string
	// Arch is its GOARCH ("amd64", "arm64").
	Arch string
	// Created dates the image and every file in it; use the commit's time
	// (SOURCE_DATE_EPOCH) so that rebuilding gives the same digest.
	Created time.Time
	// Version and Revision fill the OCI labels of the same names; Source
	// is the repository's URL.
	Version, Revision, Source string
}

// Labels returns the image's OCI annotation labels.
func (c Config) Labels() map[string]string {
	l := map[string]string{
		"org.opencontainers.image.title":       "relevel",
		"org.opencontainers.image.description": "Recovers the true level of Kubernetes container log lines that the Datadog Agent marks as error",
		"org.opencontainers.image.licenses":    "Apache-2.0",
		"org.opencontainers.image.created":     c.Created.UTC().Format(time.RFC3339),
	}
	for k, v := range map[string]string{
		"org.opencontainers.image.version":  c.Version,
		"org.opencontainers.image.revision": c.Revision,
		"org.opencontainers.image.source":   c.Source,
	} {
		if v != "" {
			l[k] = v
		}
	}
	return l
}

// Build returns the image. It fails when the binary cannot be read or is
// not an ELF executable (a binary built for the host's OS by mistake).
func Build(c Config) (v1.Image, error) {
	bin, err := os.ReadFile(c.Binary)
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	if !bytes.HasPrefix(bin, []byte("\x7fELF")) {
		return nil, fmt.Errorf("image: %s is not a Linux (ELF) executable: build it with GOOS=linux CGO_ENABLED=0", c.Binary)
	}
	if c.Arch == "" {
		return nil, errors.New("image: Config.Arch is empty")
	}
	layerTar, err := layerBytes(bin, c.Created)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, fmt.Errorf("image: layer: %w", err)
	}
	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.Append(img, mutate.Addendum{
		Layer: layer,
		History: v1.History{
			Created:   v1.Time{Time: c.Created},
			CreatedBy: "relevel internal/image: " + BinaryPath,
			Comment:   "the static relevel binary",
		},
	})
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture = "linux", c.Arch
	cf.Config.Entrypoint = []string{BinaryPath}
	cf.Config.User = User
	cf.Config.WorkingDir = "/"
	cf.Config.Env = []string{"PATH=/usr/local/bin"}
	cf.Config.Labels = c.Labels()
	img, err = mutate.ConfigFile(img, cf)
	if err != nil {
		return nil, fmt.Errorf("image: %w", err)
	}
	return mutate.CreatedAt(img, v1.Time{Time: c.Created})
}

// layerBytes is the layer's tar: the directories, then the binary, in a
// fixed order, owned by root, dated created.
func layerBytes(bin []byte, created time.Time) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	dirs := []struct {
		name string
		mode int64
	}{{"tmp/", 0o1777}, {"usr/", 0o755}, {"usr/local/", 0o755}, {"usr/local/bin/", 0o755}}
	for _, d := range dirs {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d.name, Mode: d.mode, ModTime: created, Format: tar.FormatUSTAR}); err != nil {
			return nil, err
		}
	}
	h := &tar.Header{Typeflag: tar.TypeReg, Name: BinaryPath[1:], Mode: 0o755, Size: int64(len(bin)), ModTime: created, Format: tar.FormatUSTAR}
	if err := tw.WriteHeader(h); err != nil {
		return nil, err
	}
	if _, err := tw.Write(bin); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
