package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestKeyNeverPrinted(t *testing.T) {
	const key = "hsk_live_Zq9-very-secret"
	cfg := Config{URL: "http://h", APIKey: NewSecret(key), URLSource: SourceFlagURL, KeySource: SourceEnvKey}
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T", "%10.3s"} {
		outs = append(outs, fmt.Sprintf(verb, cfg), fmt.Sprintf(verb, cfg.APIKey), fmt.Sprintf(verb, &cfg))
	}
	wrapped := struct{ C Config }{cfg}
	outs = append(outs, fmt.Sprintf("%+v", wrapped), fmt.Sprintf("%#v", wrapped), fmt.Sprint(cfg), fmt.Sprintln(cfg.APIKey),
		cfg.String(), cfg.GoString(), cfg.APIKey.String(), cfg.APIKey.GoString())
	j, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	outs = append(outs, string(j))
	var logs bytes.Buffer
	l := slog.New(slog.NewTextHandler(&logs, nil))
	l.Info("cfg", "config", cfg, "key", cfg.APIKey)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("cfg", "config", cfg, "key", cfg.APIKey)
	outs = append(outs, logs.String())
	for _, o := range outs {
		if strings.Contains(o, key) || strings.Contains(o, fmt.Sprintf("%x", key)) || strings.Contains(o, "Zq9") {
			t.Errorf("output shows the key: %s", o)
		}
	}
	if !strings.Contains(cfg.String(), "API key set (env HINDSIGHT_API_KEY)") {
		t.Errorf("String() = %q, want it to say a key is set and where from", cfg.String())
	}
	if cfg.APIKey.Reveal() != key {
		t.Error("Reveal lost the key")
	}
	if s := (Config{URL: "http://h", URLSource: SourceDefault}).String(); !strings.Contains(s, "no API key") {
		t.Errorf("String() = %q, want 'no API key'", s)
	}
}
