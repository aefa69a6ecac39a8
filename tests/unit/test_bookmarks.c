/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_bookmarks.c - a scenario's bookmarks: read, and true
 *
 * The loader's rows: what it takes and what it refuses, with the message.
 * Then every bookmark of the scenarios in data/, run under its policy: its step or
 * access exists, a question is asked about a scan decision, and the page
 * it opens is the page of the step it lands on (the lesson's text names
 * that page).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "engine/engine.h"
#include "policy/registry.h"
#include "scenario/scenario.h"

#define HEAD                                                            \
	"{\"format\":1,\"title\":\"t\",\"memory\":{\"pages\":64},"      \
	"\"objects\":[{\"name\":\"f\",\"type\":\"file\",\"pages\":8}]," \
	"\"workload\":[{\"op\":\"read\",\"object\":\"f\"}],"

static const struct {
	const char *sentence;
	const char *bookmarks; /* the value of "bookmarks" */
	const char *error;     /* a part of the first message, NULL: loads */
} rows[] = {
	{ "a bookmark with every key loads",
	  "[{\"name\":\"a-1.x\",\"text\":\"t\",\"policy\":\"2.6.33\",\"step\":3,\"quiz\":true,"
	  "\"inspect\":{\"object\":\"f\",\"index\":7}}]",
	  NULL },
	{ "a bookmark at an access loads", "[{\"name\":\"b\",\"text\":\"t\",\"access\":1}]", NULL },
	{ "an empty list is no bookmark", "[]", NULL },
	{ "step and access together are refused", "[{\"name\":\"b\",\"text\":\"t\",\"access\":1,\"step\":2}]",
	  "bookmarks[0].access: give \"step\" or \"access\", not both" },
	{ "neither step nor access is refused", "[{\"name\":\"b\",\"text\":\"t\"}]",
	  "bookmarks[0]: missing \"step\" or \"access\"" },
	{ "access 0 is refused (accesses count from 1)", "[{\"name\":\"b\",\"text\":\"t\",\"access\":0}]",
	  "bookmarks[0].access" },
	{ "a missing name is refused", "[{\"text\":\"t\",\"step\":1}]", "missing required key \"name\"" },
	{ "a name with a space is refused", "[{\"name\":\"a b\",\"text\":\"t\",\"step\":1}]",
	  "bookmarks[0].name: expected a name of 1 to 40 letters" },
	{ "two bookmarks with one name are refused",
	  "[{\"name\":\"x\",\"text\":\"t\",\"step\":1},{\"name\":\"x\",\"text\":\"u\",\"step\":2}]",
	  "bookmarks[1].name: bookmark \"x\" is named twice" },
	{ "an empty text is refused", "[{\"name\":\"b\",\"text\":\"\",\"step\":1}]",
	  "bookmarks[0].text: expected a non-empty string" },
	{ "an unknown policy is refused, with the closest name",
	  "[{\"name\":\"b\",\"text\":\"t\",\"step\":1,\"policy\":\"2.6.3\"}]", "did you mean" },
	{ "an unknown key is refused, with the closest key", "[{\"name\":\"b\",\"text\":\"t\",\"stp\":1}]",
	  "unknown key \"stp\"; did you mean \"step\"?" },
	{ "a page past the object's end is refused",
	  "[{\"name\":\"b\",\"text\":\"t\",\"step\":1,\"inspect\":{\"object\":\"f\",\"index\":8}}]",
	  "bookmarks[0].inspect.index" },
	{ "an unknown object is refused",
	  "[{\"name\":\"b\",\"text\":\"t\",\"step\":1,\"inspect\":{\"object\":\"g\",\"index\":0}}]",
	  "no object named \"g\"" },
	{ "quiz must be true or false", "[{\"name\":\"b\",\"text\":\"t\",\"step\":1,\"quiz\":1}]",
	  "bookmarks[0].quiz" },
	{ "bookmarks must be an array", "{}", "bookmarks" },
};

static void test_the_loader_reads_and_refuses_bookmarks(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char json[2048];
		struct scenario s;
		struct diag_list d = { 0 };
		int rc, n;
		ROW_BEGIN(rows[i].sentence);
		n = snprintf(json, sizeof json, HEAD "\"bookmarks\":%s}", rows[i].bookmarks);
		rc = scenario_parse("t.json", NULL, json, (size_t)n, &s, &d);
		if (!rows[i].error) {
			CHECKF(rc == 0, "%s: %s", rows[i].sentence, d.n ? d.v[0].msg : "?");
			if (rc == 0 && strstr(rows[i].bookmarks, "a-1.x")) {
				const struct bookmark *b = &s.bookmarks[0];
				CHECK(s.nr_bookmarks == 1 && strcmp(b->name, "a-1.x") == 0 && b->step == 3 &&
				      b->access == 0 && b->quiz && b->inspect && b->object == 0 &&
				      b->index == 7 && strcmp(b->policy, "2.6.33") == 0 &&
				      strcmp(b->text, "t") == 0);
			}
			scenario_free(&s);
		} else {
			char line[1024] = "";
			if (d.n)
				diag_format(&d.v[0], line, sizeof line);
			CHECKF(rc < 0 && strstr(line, rows[i].error), "%s: got \"%s\"", rows[i].sentence,
			       line);
		}
		diag_list_free(&d);
		ROW_END();
	}
}

/* The record of the step a bookmark lands on, under its policy. */
static bool landing(const struct scenario *s, const struct bookmark *b, struct step_record *out)
{
	const char *name = b->policy ? b->policy : s->policy ? s->policy : "2.6.34";
	struct engine_error err;
	struct engine *e = engine_new(&s->wl, policy_find(name), &err);
	uint64_t accesses = 0;
	bool found = false;

	while (e && !engine_done(e) && !found) {
		const struct step_record *r = engine_step(e);
		accesses += r->kind == STEP_WORKLOAD;
		found = b->access ? r->kind == STEP_WORKLOAD && accesses == b->access
				  : engine_steps(e) == b->step;
		if (found)
			*out = *r;
	}
	engine_free(e);
	return found;
}

/* The first page @text names as "object[index]", if it names one. */
static bool text_page(const struct scenario *s, const char *text, uint32_t *obj, uint32_t *index)
{
	const char *first = NULL;

	for (uint32_t o = 0; o < s->wl.nr_objects; o++) {
		const char *name = s->wl.objects[o].name;
		size_t n = strlen(name);

		for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
			if (p[n] == '[' && (p == text || p[-1] == ' ' || p[-1] == '`') &&
			    (!first || p < first)) {
				first = p;
				*obj = o;
				*index = (uint32_t)strtoul(p + n + 1, NULL, 10);
				break;
			}
	}
	return first != NULL;
}

static void check_file(const char *path)
{
	struct scenario s;
	struct diag_list d = { 0 };

	if (scenario_load(path, &s, &d) < 0) {
		CHECKF(0, "%s does not load", path);
		diag_list_free(&d);
		return;
	}
	for (uint32_t i = 0; i < s.nr_bookmarks; i++) {
		const struct bookmark *b = &s.bookmarks[i];
		struct step_record r;
		uint32_t obj, index;
		char sentence[640];
		snprintf(sentence, sizeof sentence, "%s: %s", path, b->name);
		ROW_BEGIN(sentence);
		if (!landing(&s, b, &r)) {
			CHECKF(0, "%s: past the end of its run", sentence);
		} else {
			if (b->quiz)
				CHECKF(r.kind == STEP_SCAN_INACTIVE || r.kind == STEP_SCAN_ACTIVE,
				       "%s: asks a question about a step that is not a scan decision",
				       sentence);
			if (b->inspect)
				CHECKF(r.object == b->object && r.index == b->index,
				       "%s: opens %u[%u], the step is about %u[%u]", sentence, b->object,
				       b->index, r.object, r.index);
			if (text_page(&s, b->text, &obj, &index))
				CHECKF(r.object == obj && r.index == index,
				       "%s: the text names %s[%u], the step is about %s[%u]", sentence,
				       s.wl.objects[obj].name, index,
				       r.object < s.wl.nr_objects ? s.wl.objects[r.object].name : "-",
				       r.index);
		}
		ROW_END();
	}
	scenario_free(&s);
	diag_list_free(&d);
}

static void test_every_shipped_bookmark_is_where_it_says(void)
{
	struct harness_dir h = { 0 };

	while (harness_next_scenario(&h))
		check_file(h.path);
	CHECKF(h.found >= 10, "only %d scenarios found (run from the top of the tree)", h.found);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_the_loader_reads_and_refuses_bookmarks);
	RUN_TABLE(test_every_shipped_bookmark_is_where_it_says);
	return HARNESS_END("bookmarks");
}
