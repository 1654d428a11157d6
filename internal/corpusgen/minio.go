package corpusgen

// MinIO installs from no registry here (the module proxy serves none of its
// releases, and its binaries and images are out of reach). These reports
// are the ones users pasted into public GitHub issues, their times and
// traces kept: truenas/charts#2577 (a drive it may not write, two reports
// with their six-frame traces), minio/minio#9268 (with a DeploymentID) and
// minio/minio#10513 (a DeploymentID and a seven-frame trace, its API line
// restored as #9268's), and NVIDIA/GenerativeAIExamples#25 and
// bitnami/charts#21223 for the plain lines around them. The layout is its
// console target's (internal/logger/target/console): a blank line, the
// API ("SYSTEM()") or "INTERNAL", "Key: value" lines, "Error: msg", the
// trace numbered with "%8v: ". Every report is an error; MinIO's other
// lines carry no level.

// genMinIO: MinIO's stdout through a start with failing drives.
func genMinIO(r *recorder) {
	const pasted = "MinIO's console error report, pasted into a public issue"
	const plain = "MinIO's plain console line, pasted into a public issue"
	for _, c := range []struct{ format, level, writer, line string }{
		{FormatNone, LevelNone, plain, "WARNING: MINIO_ACCESS_KEY and MINIO_SECRET_KEY are deprecated."},
		{FormatNone, LevelNone, plain, "         Please use MINIO_ROOT_USER and MINIO_ROOT_PASSWORD"},
		{FormatNone, LevelNone, plain, ""},
		{FormatMinIO, LevelError, pasted, "API: SYSTEM()\n" +
			"Time: 23:10:27 UTC 06/17/2024\n" +
			"Error: unable to rename (/export/.minio.sys/tmp -> /export/.minio.sys/tmp-old/47383920-43da-4892-9252-5b8bc706937f) file access denied, drive may be faulty please investigate (*fmt.wrapError)\n" +
			"       6: internal/logger/logger.go:258:logger.LogIf()\n" +
			"       5: cmd/prepare-storage.go:88:cmd.bgFormatErasureCleanupTmp()\n" +
			"       4: cmd/xl-storage.go:251:cmd.newXLStorage()\n" +
			"       3: cmd/object-api-common.go:61:cmd.newStorageAPI()\n" +
			"       2: cmd/format-erasure.go:673:cmd.initStorageDisksWithErrors.func1()\n" +
			"       1: github.com/minio/pkg@v1.7.5/sync/errgroup/errgroup.go:123:errgroup.(*Group).Go.func1()"},
		{FormatNone, LevelNone, plain, ""},
		{FormatMinIO, LevelError, pasted, "API: SYSTEM()\n" +
			"Time: 23:10:27 UTC 06/17/2024\n" +
			"Error: unable to create (/export/.minio.sys/tmp) file access denied, drive may be faulty please investigate (*fmt.wrapError)\n" +
			"       6: internal/logger/logger.go:258:logger.LogIf()\n" +
			"       5: cmd/prepare-storage.go:95:cmd.bgFormatErasureCleanupTmp()\n" +
			"       4: cmd/xl-storage.go:251:cmd.newXLStorage()\n" +
			"       3: cmd/object-api-common.go:61:cmd.newStorageAPI()\n" +
			"       2: cmd/format-erasure.go:673:cmd.initStorageDisksWithErrors.func1()\n" +
			"       1: github.com/minio/pkg@v1.7.5/sync/errgroup/errgroup.go:123:errgroup.(*Group).Go.func1()"},
		{FormatNone, LevelNone, plain, "Waiting for all MinIO sub-systems to be initialized.. possible cause (Unable to initialize config system: Storage resources are insufficient for the read operation.)"},
		{FormatNone, LevelNone, plain, ""},
		{FormatMinIO, LevelError, pasted, "API: SYSTEM()\n" +
			"Time: 07:55:37 UTC 04/06/2020\n" +
			"DeploymentID: c936474f-20c0-4c3d-b139-0aeaa375b3db\n" +
			"Error: Bucket not found: .minio.sys/buckets\n" +
			"       1: github.com/minio/minio@/cmd/data-usage.go:69:cmd.runDataUsageInfo()"},
		{FormatNone, LevelNone, plain, ""},
		{FormatMinIO, LevelError, pasted, "API: SYSTEM()\n" +
			"Time: 14:02:11 UTC 09/21/2020\n" +
			"DeploymentID: 3c0f693c-5343-4a42-9977-58b56fabe035\n" +
			"Error: Storage resources are insufficient for the read operation.\n" +
			"       7: github.com/minio/minio@/cmd/config-common.go:40:cmd.readConfig()\n" +
			"       6: github.com/minio/minio@/cmd/bucket-lifecycle.go:92:cmd.getLifecycleConfig()\n" +
			"       5: github.com/minio/minio@/cmd/bucket-lifecycle.go:142:cmd.(*LifecycleSys).load()\n" +
			"       4: github.com/minio/minio@/cmd/bucket-lifecycle.go:136:cmd.(*LifecycleSys).Init()\n" +
			"       3: github.com/minio/minio@/cmd/server-main.go:336:cmd.initAllSubsystems()\n" +
			"       2: github.com/minio/minio@/cmd/server-main.go:233:cmd.initSafeMode()\n" +
			"       1: github.com/minio/minio@/cmd/server-main.go:524:cmd.serverMain()"},
		// The line after a report is MinIO's next message, not the
		// report's.
		{FormatNone, LevelNone, plain, "Waiting for all MinIO sub-systems to be initialized.. lock acquired"},
		{FormatNone, LevelNone, plain, "All MinIO sub-systems initialized successfully in 5.119223ms"},
	} {
		handLine(r, c.format, c.level, c.writer, c.line)
	}
}

func minioStreams() []*stream {
	return []*stream{
		{logger: "minio", name: "console", run: genMinIO,
			desc: "HAND-WRITTEN records: MinIO's console error reports and plain lines as users pasted them (truenas/charts#2577, minio/minio#9268 and #10513, NVIDIA/GenerativeAIExamples#25, bitnami/charts#21223): a blank line, \"API: SYSTEM()\", \"Time: 23:10:27 UTC 06/17/2024\", \"DeploymentID: …\", \"Error: msg\" and the numbered trace; the line after a report is MinIO's next message"},
	}
}
