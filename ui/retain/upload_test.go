package retain

import (
	"encoding/json"
	"io"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

const uploadPath = "/v1/default/banks/user-alex-prefs/files/retain"

// startUpload is the pane with a draft typed, on a demo server whose operations stay
// pending until the test completes them.
func startUpload(t *testing.T, seed ...hindsighttest.Option) (*Model, *uitest.Host, *hindsighttest.Server, *uitest.Recorder) {
	t.Helper()
	srv := uitest.DemoServer(t, append([]hindsighttest.Option{hindsighttest.WithAsyncDelay(1e12)}, seed...)...)
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, keepingDrafts(t.TempDir()), uitest.OnServer(srv), uitest.WithClient(rec.Option()))
	fill(r, m, values{Content: "A draft that must survive the upload."})
	return m, r, srv, rec
}

// smallFile writes a text file to upload.
func smallFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "note.md")
	if err := os.WriteFile(path, []byte("Alex prefers window seats on long flights.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// uploadForm opens the file retain form and fills path, document id and context.
func uploadForm(t *testing.T, r *uitest.Host, path, docID, context string) *components.Form {
	t.Helper()
	r.Keys("ctrl+t")
	f := uitest.Front[*components.Form](r)
	for i, v := range []string{path, docID, context} {
		f.Fields()[i].(*components.TextField).SetValue(v)
	}
	return f
}

// parts reads a recorded multipart body: each part's file name (empty for a plain
// field) and content, by form name, in order.
func parts(t *testing.T, body string) map[string][][2]string {
	t.Helper()
	first, _, _ := strings.Cut(body, "\r\n")
	mr := multipart.NewReader(strings.NewReader(body+"\r\n"), strings.TrimPrefix(first, "--"))
	out := map[string][][2]string{}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(p)
		out[p.FormName()] = append(out[p.FormName()], [2]string{p.FileName(), string(data)})
	}
}

// TestUploadSendsMultipart uploads a file with a document id, a context and a tag:
// one "files" part with the file as it is and a "request" field with one metadata
// entry; the operation is followed to the document it became, the lists reload, and
// the draft in the form is untouched.
func TestUploadSendsMultipart(t *testing.T) {
	m, r, srv, rec := startUpload(t)
	path := smallFile(t)
	uploadForm(t, r, path, "alex-note", "a note")
	r.Keys("tab", "tab", "tab")
	r.Type("upload")
	r.Keys("enter", "enter")
	got := rec.Matching("POST", "/files/retain")
	if len(got) != 1 || got[0].Path != uploadPath {
		t.Fatalf("requests: %+v", got)
	}
	p := parts(t, got[0].Body)
	if f := p["files"]; len(f) != 1 || f[0][0] != "note.md" || f[0][1] != "Alex prefers window seats on long flights.\n" {
		t.Fatalf("files part: %q", f)
	}
	var req map[string]any
	if err := json.Unmarshal([]byte(p["request"][0][1]), &req); err != nil {
		t.Fatal(err)
	}
	want := `{"files_metadata":[{"context":"a note","document_id":"alex-note","tags":["upload"]}]}`
	if b, _ := json.Marshal(req); string(b) != want {
		t.Fatalf("request %s, want %s", b, want)
	}
	d := uitest.Front[*components.OperationDialog](r)
	if len(r.Started) != 1 || r.Started[0].Kind != "file_convert_retain" {
		t.Fatalf("started: %+v", r.Started)
	}
	srv.CompleteOperations()
	r.Fire(nil)
	if !d.Done() || !strings.Contains(strings.Join(d.Lines(), " "), "as document alex-note") {
		t.Fatalf("result %v %q", d.Lines(), d.Err())
	}
	r.Keys("enter")
	if ch := uitest.Messages[common.MemoryChangedMsg](r); len(ch) != 1 || ch[0].Change != common.MemoryRetained {
		t.Fatalf("no reload: %+v", ch)
	}
	if got := m.cur.form.content.Value(); got != "A draft that must survive the upload." {
		t.Fatalf("the draft became %q", got)
	}
}

// TestUploadWithoutMetadata sends no files_metadata when nothing but the path was
// typed: the server would pair an empty entry with the file.
func TestUploadWithoutMetadata(t *testing.T) {
	_, r, _, rec := startUpload(t)
	uploadForm(t, r, smallFile(t), "", "")
	r.Keys("enter")
	got := rec.Matching("POST", "/files/retain")
	if len(got) != 1 || parts(t, got[0].Body)["request"][0][1] != "{}" {
		t.Fatalf("requests: %+v", got)
	}
}

// TestUploadChecksTheFile refuses an empty path, a directory, a missing file and an
// empty one under the path field, before anything is sent.
func TestUploadChecksTheFile(t *testing.T) {
	_, r, _, rec := startUpload(t)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	_ = os.WriteFile(empty, nil, 0o600)
	for path, want := range map[string]string{"": "type the path", dir: "is a directory",
		filepath.Join(dir, "missing.pdf"): "cannot open", empty: "is empty"} {
		f := uploadForm(t, r, path, "", "")
		r.Keys("enter")
		if got := f.Fields()[0].Error(); f.Closed() || !strings.Contains(got, want) {
			t.Fatalf("%q: %q, want %q", path, got, want)
		}
		r.Keys("esc")
	}
	if len(rec.Matching("POST", "")) != 0 {
		t.Fatal("sent a bad file")
	}
}

// TestUploadErrorsKeepTheInput: a refusal and an unreachable server leave the form
// open with everything typed, and the draft as it was.
func TestUploadErrorsKeepTheInput(t *testing.T) {
	for name, fault := range map[string]hindsighttest.Fault{
		"422":         {Method: "POST", Path: uploadPath, Status: 422, Body: `{"detail":[{"loc":["body","request"],"msg":"Field required","type":"missing"}]}`},
		"unreachable": {Method: "POST", Path: uploadPath, Drop: true},
	} {
		t.Run(name, func(t *testing.T) {
			m, r, _, _ := startUpload(t, hindsighttest.WithFault(fault))
			path := smallFile(t)
			f := uploadForm(t, r, path, "alex-note", "a note")
			r.Keys("enter")
			if f.Closed() || len(r.Errors) != 1 {
				t.Fatalf("error not kept: %q %+v", f.Err(), r.Errors)
			}
			if f.Err() == "" && f.Fields()[0].Error() == "" {
				t.Fatal("the error is not shown")
			}
			for i, want := range []string{path, "alex-note", "a note"} {
				if got := f.Fields()[i].(*components.TextField).Value(); got != want {
					t.Fatalf("field %d is %q", i, got)
				}
			}
			if got := m.cur.form.content.Value(); got != "A draft that must survive the upload." {
				t.Fatalf("the draft became %q", got)
			}
		})
	}
}

// TestUploadReadOnly: no key, no help line, no palette entry.
func TestUploadReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("ctrl+t")
	r.Deliver(common.ActionMsg{Kind: doUpload})
	if r.Front() != nil {
		t.Fatal("a file retain opened in read-only mode")
	}
	for _, g := range m.FullHelp() {
		for _, b := range g {
			if b.Help().Key == "ctrl+t" {
				t.Fatal("ctrl+t in the help")
			}
		}
	}
	for _, a := range m.Actions() {
		if strings.Contains(a.Name, "file (upload)") {
			t.Fatal("offered in the palette")
		}
	}
}

// TestUploadOfferedInHelpAndPalette: the key shows in the help and the palette.
func TestUploadOfferedInHelpAndPalette(t *testing.T) {
	m, _ := uitest.Demo(t, New)
	found := false
	for _, a := range m.Actions() {
		found = found || a.Name == "Retain a file (upload)" && a.Key == "ctrl+t"
	}
	if !found {
		t.Fatalf("not in the palette: %+v", m.Actions())
	}
	help := false
	for _, g := range m.FullHelp() {
		for _, b := range g {
			help = help || b.Help().Key == "ctrl+t"
		}
	}
	if !help {
		t.Fatal("not in the help")
	}
}

// TestUploadContract sends the file retain and its polls through the validating
// transport: with metadata and without, and the operation followed to its end.
func TestUploadContract(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithAsyncDelay(1e12))
	_, r, check := uitest.Contract(t, New, uitest.OnServer(srv))
	path := smallFile(t)
	for _, meta := range [][2]string{{"", ""}, {"contract-upload", "contract"}} {
		uploadForm(t, r, path, meta[0], meta[1])
		r.Keys("enter")
		d := uitest.Front[*components.OperationDialog](r)
		srv.CompleteOperations()
		r.Fire(nil)
		if !d.Done() {
			t.Fatalf("upload %v: %q", meta, d.Err())
		}
		r.Keys("enter")
	}
	check()
}
