/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/suggest.c - "did you mean": the closest known name to a typo
 *
 * Optimal string alignment distance (Levenshtein plus swapping two
 * neighbours, so "titel" is one edit from "title"), ignoring case.  A name
 * is suggested when it is at most 1 + len/4 edits away and closer than
 * every other; ties go to the first in the table.  Failing that, the first
 * name that the word begins ("pgscan_kswapd" -> "pgscan_kswapd_normal").
 * Left out: words longer than 63 bytes get no suggestion.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../policy/registry.h"
#include "suggest.h"
#include "text.h"

#define WORD_MAX 64

unsigned edit_distance(const char *a, const char *b)
{
	unsigned d[WORD_MAX + 1][WORD_MAX + 1];
	size_t la = strlen(a), lb = strlen(b);

	if (la > WORD_MAX || lb > WORD_MAX)
		return UINT32_MAX;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			unsigned cost = ca != cb;
			unsigned v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}

const char *suggest(const char *word, const char *const *names, size_t n)
{
	size_t len = strlen(word);
	unsigned best = UINT32_MAX, limit = 1 + (unsigned)(len / 4);
	const char *pick = NULL;

	if (len == 0 || len > WORD_MAX - 1)
		return NULL;
	for (size_t i = 0; i < n && names[i]; i++) {
		unsigned dist = edit_distance(word, names[i]);
		if (dist < best) {
			best = dist;
			pick = names[i];
		}
	}
	if (pick && best <= limit && best < len && strcmp(pick, word) != 0)
		return pick;
	/* "pgscan_kswapd" for "pgscan_kswapd_normal": the first name it begins */
	for (size_t i = 0; len >= 3 && i < n && names[i]; i++)
		if (strncmp(names[i], word, len) == 0 && names[i][len])
			return names[i];
	return NULL;
}

void suggest_append(char *buf, size_t n, const char *word, const char *const *names, size_t count)
{
	const char *s = suggest(word, names, count);
	size_t k = strlen(buf);
	char q[96];

	if (!s || k >= n)
		return;
	text_quote(s, q, sizeof q);
	snprintf(buf + k, n - k, "; did you mean %s?", q);
}

void policy_suggest(char *buf, size_t n, const char *name)
{
	const char **names = malloc(nr_reclaim_policies * sizeof *names);
	char q[96];

	text_quote(name, q, sizeof q);
	snprintf(buf, n, "unknown policy %s", q);
	if (!names)
		return; /* no suggestion */
	for (unsigned i = 0; i < nr_reclaim_policies; i++)
		names[i] = reclaim_policies[i]->name;
	suggest_append(buf, n, name, names, nr_reclaim_policies);
	free(names);
}
