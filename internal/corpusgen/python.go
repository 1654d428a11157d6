package corpusgen

// CPython's logging module, driven by ext/python_logging.py: every level
// through two loggers, exceptions logged with their tracebacks (one
// chained, one with a cause), a multi-line message, a line no logger wrote,
// and at the end an exception nobody catches, whose traceback
// sys.excepthook writes after an info record.

// pythonCrash covers the uncaught exception that ends each script.
var pythonCrash = Record{Format: FormatPython, Level: LevelCritical,
	Call: "uncaught PoolError (raise … from e): sys.excepthook's traceback, the program exits 1"}

// Debian's uvicorn and gunicorn are installed for Debian's python3, which
// may not be the python3 first on PATH.
const debianPython = "/usr/bin/python3"

func pythonStreams() []*stream {
	server := func(name, module, pkg, desc string) *stream {
		return &stream{logger: "python", name: name, desc: desc, ext: &extRun{
			prog: debianPython, install: "apt-get install " + pkg,
			args:    []string{"python_servers.py", module},
			files:   []string{"python_servers.py", "wsgi_app.py"},
			version: []string{debianPython, "-c", "import sys, " + module + "; print('Python', sys.version.split()[0] + ';', '" + module + "', " + module + ".__version__)"},
			needs:   []string{debianPython, "-c", "import " + module},
		}}
	}
	py := func(name, mode, desc string) *stream {
		return &stream{logger: "python", name: name, desc: desc, ext: &extRun{
			prog: "python3", install: "CPython 3: apt-get install python3",
			args: []string{"python_logging.py", mode}, files: []string{"python_logging.py"},
			version: []string{"python3", "--version"}, exit: 1, tail: &pythonCrash,
		}}
	}
	tornado := func(name, mode, desc string) *stream {
		return &stream{logger: "python", name: name, desc: desc, ext: &extRun{
			prog: debianPython, install: "apt-get install python3-tornado",
			args: []string{"python_logging.py", mode}, files: []string{"python_logging.py"},
			version: []string{debianPython, "-c", "import sys, tornado; print('Python', sys.version.split()[0] + ';', 'tornado', tornado.version)"},
			needs:   []string{debianPython, "-c", "import tornado"},
			exit:    1, tail: &pythonCrash,
		}}
	}
	return []*stream{
		tornado("tornado", "tornado", `tornado.log.LogFormatter's default layout, "[%(levelname)1.1s %(asctime)s %(module)s:%(lineno)d] %(message)s" with "%y%m%d %H:%M:%S", as Tornado's servers write it`),
		tornado("jupyter-server", "jupyter-server", `Jupyter Server's log_format and log_datefmt defaults through tornado.log.LogFormatter, "[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s] %(message)s"`),
		tornado("jupyterhub", "jupyterhub", `JupyterHub's log_format default through tornado.log.LogFormatter, "[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s %(module)s:%(lineno)d] %(message)s"`),
		py("logging-default", "default", `logging.basicConfig(): the default "LEVEL:name:message"`),
		py("logging-dash", "dash", `basicConfig format "%(asctime)s - %(name)s - %(levelname)s - %(message)s"`),
		py("logging-level", "level", `basicConfig format "%(asctime)s %(levelname)s %(message)s"`),
		py("logging-level-padded", "level-padded", `basicConfig format "%(asctime)s %(levelname)-8s %(name)s: %(message)s"`),
		py("logging-level-colon", "level-colon", `basicConfig format "%(asctime)s %(levelname)s: %(message)s", Patroni's (Spilo, the Zalando postgres-operator) on stderr`),
		py("logging-name-level", "name-level", `basicConfig format "%(asctime)s %(name)s %(levelname)-8s %(message)s", the logger's name before the padded level (Arches's, archesproject/arches#12214)`),
		py("celery", "celery", `Celery's worker log formats through logging: worker_log_format "[%(asctime)s: %(levelname)s/%(processName)s] %(message)s" and, for a task's logger, worker_task_log_format "… %(task_name)s[%(task_id)s]: %(message)s" (the defaults of celery/app/defaults.py)`),
		py("airflow", "airflow", `Airflow's log_format default "[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s - %(message)s" with its TimezoneAware formatter (2.4 on): "2026-11-30T04:41:36.123+0000", the formatter written after Airflow's source (Airflow installs from no package here)`),
		py("airflow-asctime", "airflow-asctime", `Airflow's log_format default before 2.4, with logging's own asctime`),
		py("airflow-1.10", "airflow-1.10", `Airflow 1.10's log_format as its images logged it, the braces doubled: "[%(asctime)s] {{%(filename)s:%(lineno)d}} %(levelname)s - %(message)s"`),
		server("uvicorn", "uvicorn", "python3-uvicorn",
			"uvicorn's default log config at log level trace, its access log sent to stderr with the rest: startup, "+
				"requests, an exception in the ASGI application, an invalid HTTP request, shutdown"),
		server("gunicorn", "gunicorn", "gunicorn",
			"gunicorn's error log at log level debug, one sync worker: its configuration dump, requests, an exception "+
				"in the WSGI application, a WORKER TIMEOUT, SIGTERM"),
	}
}
