package corpusgen

// .NET is not installed here and installs from no registry this machine
// reaches (Debian does not package it; Microsoft's feed is off the
// network). These records are typed from SimpleConsoleFormatter.cs in
// dotnet/runtime (Microsoft.Extensions.Logging.Console), the console
// logger's default formatter: the level as "trce", "dbug", "info", "warn",
// "fail" or "crit", then ": ", the category, the event id in brackets;
// the scopes (IncludeScopes) and the message on the next lines, each line
// padded with six spaces (the width of "info: "), the exception's
// ToString() after them the same way; with SingleLine, all of it after one
// space on the one line. Colours are off when the output is redirected, as
// a container's is. The messages are ones ASP.NET Core and EF Core log at
// those levels; the level of each record is the level that layout prints.

// genDotnet: an ASP.NET Core service's console log through start-up,
// requests, a failure with its exception, a crash, the SingleLine form,
// and the runtime's report of an exception nothing caught.
func genDotnet(r *recorder) {
	const simple = "SimpleConsoleFormatter, typed from its source"
	const single = "SimpleConsoleFormatter with SingleLine = true, typed from its source"
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, simple, "info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://[::]:8080"},
		{LevelInfo, simple, "info: Microsoft.Hosting.Lifetime[0]\n      Application started. Press Ctrl+C to shut down."},
		{LevelInfo, simple, "info: Microsoft.Hosting.Lifetime[0]\n      Hosting environment: Production"},
		{LevelWarning, simple, "warn: Microsoft.AspNetCore.DataProtection.Repositories.FileSystemXmlRepository[60]\n      Storing keys in a directory '/home/app/.aspnet/DataProtection-Keys' that may not be persisted outside of the container. Protected data will be unavailable when container is destroyed."},
		{LevelDebug, simple + " (dbug)", "dbug: Microsoft.AspNetCore.Routing.Matching.DfaMatcher[1001]\n      1 candidate(s) found for the request path '/orders/42'"},
		{LevelDebug, simple + " (trce)", "trce: Microsoft.EntityFrameworkCore.Database.Connection[20000]\n      Opening connection to database 'orders' on server 'tcp://postgres:5432'."},
		{LevelInfo, simple + " (scopes)", "info: Microsoft.AspNetCore.Hosting.Diagnostics[1]\n      => SpanId:5e1c2b7d9f3a4e60, TraceId:0af7651916cd43dd8448eb211c80319c, ParentId:0000000000000000 => ConnectionId:0HN8A2K1B3C4D => RequestPath:/orders/42 RequestId:0HN8A2K1B3C4D:00000001\n      Request starting HTTP/1.1 GET http://orders/orders/42 - - -"},
		{LevelError, simple + " (an exception)", "fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]\n" +
			"      An unhandled exception has occurred while executing the request.\n" +
			"      System.InvalidOperationException: Order 42 has no lines.\n" +
			"         at Orders.Api.OrderService.GetTotal(Int32 id) in /src/Orders.Api/OrderService.cs:line 31\n" +
			"         at Orders.Api.Program.<>c.<<Main>$>b__0_1(Int32 id, OrderService orders) in /src/Orders.Api/Program.cs:line 18\n" +
			"         at Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddlewareImpl.<Invoke>g__Awaited|10_0(ExceptionHandlerMiddlewareImpl middleware, HttpContext context, Task task)"},
		{LevelWarning, simple + " (negative event id)", "warn: Orders.Api.Worker[-1]\n      Queue 'orders' is 1200 messages behind."},
		{LevelCritical, simple + " (crit)", "crit: Microsoft.AspNetCore.Server.Kestrel[0]\n" +
			"      Unable to start Kestrel.\n" +
			"      System.IO.IOException: Failed to bind to address http://[::]:8080: address already in use.\n" +
			"         at Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Infrastructure.TransportManager.BindAsync(EndPoint endPoint, ConnectionDelegate connectionDelegate, EndpointConfig endpointConfig, CancellationToken cancellationToken)"},
		{LevelInfo, single, "info: Microsoft.Hosting.Lifetime[14] Now listening on: http://[::]:8080"},
		{LevelError, single, "fail: Orders.Api.PaymentService[1001] Payment provider timed out after 30s System.TimeoutException: The operation has timed out.    at Orders.Api.PaymentService.ChargeAsync(Order order) in /src/Orders.Api/PaymentService.cs:line 57"},
		// The runtime's own report of an exception nothing caught, on
		// stderr as the process ends: "Unhandled exception. " and the
		// exception's ToString(), an inner exception's after " ---> ".
		{LevelCritical, "the .NET runtime's unhandled-exception report, typed from its format", "Unhandled exception. System.InvalidOperationException: Failed to load the orders configuration.\n" +
			" ---> System.IO.FileNotFoundException: Could not find file '/app/appsettings.Production.json'.\n" +
			"File name: '/app/appsettings.Production.json'\n" +
			"   at Microsoft.Win32.SafeHandles.SafeFileHandle.Init(String path, FileMode mode, FileAccess access, FileShare share, FileOptions options, Int64 preallocationSize)\n" +
			"   at System.IO.File.ReadAllText(String path)\n" +
			"   at Orders.Api.Settings.Load(String environment) in /src/Orders.Api/Settings.cs:line 21\n" +
			"   --- End of inner exception stack trace ---\n" +
			"   at Orders.Api.Settings.Load(String environment) in /src/Orders.Api/Settings.cs:line 27\n" +
			"   at Program.<Main>$(String[] args) in /src/Orders.Api/Program.cs:line 12"},
	} {
		handLine(r, FormatDotnet, c.level, c.writer, c.line)
	}
}

// genDotnetJSON: the same service with JsonConsoleFormatter, the console
// logger's structured form: one object per record, LogLevel spelled out
// (Trace, Debug, Information, Warning, Error, Critical), the category, the
// event id, the message, the exception's ToString() and the state; the
// timestamp only when TimestampFormat is set. Typed from
// JsonConsoleFormatter.cs.
func genDotnetJSON(r *recorder) {
	const js = "JsonConsoleFormatter, typed from its source"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, `{"EventId":14,"LogLevel":"Information","Category":"Microsoft.Hosting.Lifetime","Message":"Now listening on: http://[::]:8080","State":{"Message":"Now listening on: http://[::]:8080","address":"http://[::]:8080","{OriginalFormat}":"Now listening on: {address}"}}`},
		{LevelDebug, `{"EventId":1001,"LogLevel":"Debug","Category":"Microsoft.AspNetCore.Routing.Matching.DfaMatcher","Message":"1 candidate(s) found for the request path '/orders/42'","State":{"Message":"1 candidate(s) found for the request path '/orders/42'","CandidateCount":1,"Path":"/orders/42","{OriginalFormat}":"{CandidateCount} candidate(s) found for the request path '{Path}'"}}`},
		{LevelWarning, `{"Timestamp":"2026-11-30T04:41:37.120Z","EventId":60,"LogLevel":"Warning","Category":"Microsoft.AspNetCore.DataProtection.Repositories.FileSystemXmlRepository","Message":"Storing keys in a directory '/home/app/.aspnet/DataProtection-Keys' that may not be persisted outside of the container.","State":{"Message":"Storing keys in a directory '/home/app/.aspnet/DataProtection-Keys' that may not be persisted outside of the container.","path":"/home/app/.aspnet/DataProtection-Keys","{OriginalFormat}":"Storing keys in a directory '{path}' that may not be persisted outside of the container."}}`},
		{LevelError, `{"Timestamp":"2026-11-30T04:41:38.004Z","EventId":1,"LogLevel":"Error","Category":"Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware","Message":"An unhandled exception has occurred while executing the request.","Exception":"System.InvalidOperationException: Order 42 has no lines.    at Orders.Api.OrderService.GetTotal(Int32 id) in /src/Orders.Api/OrderService.cs:line 31","State":{"Message":"An unhandled exception has occurred while executing the request.","{OriginalFormat}":"An unhandled exception has occurred while executing the request."}}`},
		{LevelCritical, `{"EventId":0,"LogLevel":"Critical","Category":"Microsoft.AspNetCore.Server.Kestrel","Message":"Unable to start Kestrel.","Exception":"System.IO.IOException: Failed to bind to address http://[::]:8080: address already in use.","State":{"Message":"Unable to start Kestrel.","{OriginalFormat}":"Unable to start Kestrel."}}`},
		{LevelInfo, `{"Timestamp":"2026-11-30T04:41:38.010Z","EventId":2,"LogLevel":"Information","Category":"Microsoft.AspNetCore.Hosting.Diagnostics","Message":"Request finished HTTP/1.1 GET http://orders/orders/42 - 500 0 - 12.4817ms","State":{"Message":"Request finished HTTP/1.1 GET http://orders/orders/42 - 500 0 - 12.4817ms","ElapsedMilliseconds":12.4817,"StatusCode":500,"Protocol":"HTTP/1.1","Method":"GET"}}`},
		{LevelWarning, `{"EventId":3,"LogLevel":"Warning","Category":"Microsoft.AspNetCore.HttpsPolicy.HttpsRedirectionMiddleware","Message":"Failed to determine the https port for redirect.","State":{"Message":"Failed to determine the https port for redirect.","{OriginalFormat}":"Failed to determine the https port for redirect."}}`},
		{LevelDebug, `{"EventId":20000,"LogLevel":"Trace","Category":"Microsoft.EntityFrameworkCore.Database.Connection","Message":"Opening connection to database 'orders'.","State":{"Message":"Opening connection to database 'orders'.","database":"orders","{OriginalFormat}":"Opening connection to database '{database}'."}}`},
	} {
		handLine(r, FormatJSON, c.level, js, c.line)
	}
}

func dotnetStreams() []*stream {
	return []*stream{
		{logger: "dotnet", name: "console", modules: []string{modStd},
			desc: "HAND-WRITTEN records: .NET's console logger with its default SimpleConsoleFormatter, typed from its source (.NET installs from no registry here): every level, scopes, an exception, a crash, the SingleLine form, and the runtime's unhandled-exception report", run: genDotnet},
		{logger: "dotnet", name: "json-console", modules: []string{modStd},
			desc: "HAND-WRITTEN records: .NET's console logger with JsonConsoleFormatter, typed from its source (.NET installs from no registry here): every LogLevel, with and without a timestamp, exceptions", run: genDotnetJSON},
	}
}
