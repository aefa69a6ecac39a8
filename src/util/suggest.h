/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util/suggest.h - "did you mean": the closest known name to a typo
 *
 * Used by the scenario loader (keys, operations, objects, policies) and
 * the command line (commands, options, policies).
 */
#ifndef VMSCAN_SUGGEST_H
#define VMSCAN_SUGGEST_H

#include <stddef.h>

unsigned edit_distance(const char *a, const char *b);
/* The closest of @names (NULL-terminated if @n is SIZE_MAX) to @word, or
 * NULL if none is close enough to be a likely typo. */
const char *suggest(const char *word, const char *const *names, size_t n);
/* Appends `; did you mean "X"?` to @buf when there is a suggestion. */
void suggest_append(char *buf, size_t n, const char *word, const char *const *names, size_t count);
/* `unknown policy "NAME"`, and `; did you mean "X"?` when one of the
 * registry's policies is close, into @buf: the one wording of the
 * loader's "policy" keys and the command line's --policy. */
void policy_suggest(char *buf, size_t n, const char *name);

#endif
