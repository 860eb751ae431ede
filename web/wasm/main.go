//go:build js && wasm

// Command wasm is the page's engine compiled to WebAssembly
// (GOOS=js GOARCH=wasm), run in a Web Worker by web/assets/worker.js so
// that a static copy of the page (boardgraph site DIR) plays with no
// server. It answers the same API calls as "boardgraph serve", through the
// same dispatch table (web.Engine.Call).
//
// The worker calls boardgraphCall(id, path, body) and gets the answer
// through boardgraphAnswer(id, ok, contentType, data): data is a Uint8Array
// (JSON or a picture) when ok, else the error message the server would
// send. boardgraphReady(endpoints) announces the engine with the API's
// names and deadlines (JSON), which the page enforces by stopping the
// worker.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/boardgraph/boardgraph/web"
)

func main() {
	eng := web.NewEngine(0, 0, 0)
	call := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 3 {
			return nil
		}
		id, path, body := args[0].Int(), args[1].String(), args[2].String()
		go answer(eng, id, path, body)
		return nil
	})
	js.Global().Set("boardgraphCall", call)
	eps, _ := json.Marshal(web.Endpoints())
	js.Global().Call("boardgraphReady", string(eps))
	select {} // serve calls until the worker is terminated
}

// answer runs one call and reports it; a panic (a bug) is answered as the
// server answers it, and the engine keeps running.
func answer(eng *web.Engine, id int, path, body string) {
	reply := js.Global().Get("boardgraphAnswer")
	defer func() {
		if v := recover(); v != nil {
			reply.Invoke(id, false, "", fmt.Sprintf("internal error (a bug in boardgraph: %v); the engine keeps running", v))
		}
	}()
	ctx := context.Background()
	name, _, _ := strings.Cut(path, "?")
	for _, ep := range web.Endpoints() {
		if ep.Name == name && ep.Timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, ep.Timeout)
			defer cancel()
		}
	}
	ans, err := eng.Call(ctx, path, []byte(body))
	if err != nil {
		reply.Invoke(id, false, "", err.Error())
		return
	}
	arr := js.Global().Get("Uint8Array").New(len(ans.Data))
	js.CopyBytesToJS(arr, ans.Data)
	reply.Invoke(id, true, ans.ContentType, arr)
}
