/* chess-external-output.c — parsing engine output lines (UCI and xboard/CECP).
 * Strict where a misreading would cost a game (moves, features), tolerant of
 * everything else: an unknown line is just CHESS_EXTERNAL_LINE_UNKNOWN. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chess-external-output.h"

ChessExternalOption *
chess_external_option_copy (const ChessExternalOption *option)
{
  ChessExternalOption *copy = g_new0 (ChessExternalOption, 1);

  copy->name = g_strdup (option->name);
  copy->type = option->type;
  copy->default_value = g_strdup (option->default_value);
  copy->min = option->min;
  copy->max = option->max;
  copy->choices = g_strdupv (option->choices);
  return copy;
}

void
chess_external_option_free (ChessExternalOption *option)
{
  if (option == NULL)
    return;
  g_free (option->name);
  g_free (option->default_value);
  g_strfreev (option->choices);
  g_free (option);
}

void
chess_player_info_clear (ChessPlayerInfo *info)
{
  g_clear_pointer (&info->string, g_free);
}

ChessPlayerInfo *
chess_player_info_copy (const ChessPlayerInfo *info)
{
  ChessPlayerInfo *copy = g_new (ChessPlayerInfo, 1);

  *copy = *info;
  copy->string = g_strdup (info->string);
  return copy;
}

void
chess_player_info_free (ChessPlayerInfo *info)
{
  if (info == NULL)
    return;
  chess_player_info_clear (info);
  g_free (info);
}

void
chess_external_line_clear (ChessExternalLine *line)
{
  g_clear_pointer (&line->text, g_free);
  g_clear_pointer (&line->move, g_free);
  g_clear_pointer (&line->ponder, g_free);
  g_clear_pointer (&line->option, chess_external_option_free);
  g_clear_pointer (&line->info, chess_player_info_free);
  g_clear_pointer (&line->pv, g_strfreev);
  g_clear_pointer (&line->feature_names, g_ptr_array_unref);
  g_clear_pointer (&line->feature_values, g_ptr_array_unref);
  line->kind = CHESS_EXTERNAL_LINE_UNKNOWN;
  line->number = 0;
}

/* Whole-token integer parsing: "12" yes, "12x" and "" no. */
static gboolean
parse_int64 (const char *text, gint64 *value)
{
  char *end;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  *value = g_ascii_strtoll (text, &end, 10);
  return errno == 0 && *end == '\0';
}

static gboolean
parse_int (const char *text, int *value)
{
  gint64 v;

  if (!parse_int64 (text, &v) || v < G_MININT || v > G_MAXINT)
    return FALSE;
  *value = (int) v;
  return TRUE;
}

static gboolean
parse_uint64 (const char *text, guint64 *value)
{
  gint64 v;

  if (!parse_int64 (text, &v) || v < 0)
    return FALSE;
  *value = (guint64) v;
  return TRUE;
}

/* Splits at runs of spaces and tabs, dropping empty pieces. */
static GStrv
split_tokens (const char *text)
{
  GPtrArray *tokens = g_ptr_array_new ();
  const char *p = text;

  while (*p)
    {
      const char *start;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      start = p;
      while (*p && *p != ' ' && *p != '\t')
        p++;
      g_ptr_array_add (tokens, g_strndup (start, p - start));
    }
  g_ptr_array_add (tokens, NULL);
  return (GStrv) g_ptr_array_free (tokens, FALSE);
}

static char *
join_tokens (char **tokens, guint from, guint to)
{
  GString *s = g_string_new (NULL);

  for (guint i = from; i < to && tokens[i]; i++)
    {
      if (s->len)
        g_string_append_c (s, ' ');
      g_string_append (s, tokens[i]);
    }
  return g_string_free (s, FALSE);
}

/* ---- UCI ---------------------------------------------------------------- */

static const char *const option_keywords[] = { "name", "type", "default", "min", "max", "var", NULL };

static gboolean
is_option_keyword (const char *token)
{
  return g_strv_contains (option_keywords, token);
}

static gboolean
parse_uci_option (char **t, guint n, ChessExternalLine *line)
{
  g_autoptr (ChessExternalOption) option = g_new0 (ChessExternalOption, 1);
  g_autoptr (GPtrArray) choices = g_ptr_array_new_with_free_func (g_free);
  gboolean has_type = FALSE, has_min = FALSE, has_max = FALSE;
  guint i = 1;

  while (i < n)
    {
      const char *key = t[i];
      guint start = i + 1, end;
      g_autofree char *value = NULL;

      if (!is_option_keyword (key))
        return FALSE;
      /* A name may contain the other keywords' words only after "type"
       * would end it; values run up to the next keyword. */
      end = start;
      if (strcmp (key, "name") == 0)
        while (end < n && strcmp (t[end], "type") != 0)
          end++;
      else
        while (end < n && !is_option_keyword (t[end]))
          end++;
      value = join_tokens (t, start, end);
      i = end;

      if (strcmp (key, "name") == 0)
        {
          if (*value == '\0' || option->name)
            return FALSE;
          option->name = g_steal_pointer (&value);
        }
      else if (strcmp (key, "type") == 0)
        {
          static const char *const types[] = { "check", "spin", "combo", "button", "string", NULL };
          guint k;

          for (k = 0; types[k]; k++)
            if (strcmp (value, types[k]) == 0)
              break;
          if (types[k] == NULL)
            return FALSE;
          option->type = (ChessExternalOptionType) k;
          has_type = TRUE;
        }
      else if (strcmp (key, "default") == 0)
        {
          g_free (option->default_value);
          option->default_value = strcmp (value, "<empty>") == 0 ? g_strdup ("") : g_steal_pointer (&value);
        }
      else if (strcmp (key, "min") == 0)
        has_min = parse_int64 (value, &option->min);
      else if (strcmp (key, "max") == 0)
        has_max = parse_int64 (value, &option->max);
      else if (strcmp (key, "var") == 0)
        g_ptr_array_add (choices, g_steal_pointer (&value));
    }

  if (option->name == NULL || !has_type)
    return FALSE;
  if (option->type == CHESS_EXTERNAL_OPTION_SPIN && !(has_min && has_max && option->min <= option->max))
    return FALSE;
  if (option->type == CHESS_EXTERNAL_OPTION_COMBO)
    {
      g_ptr_array_add (choices, NULL);
      option->choices = (GStrv) g_ptr_array_steal (choices, NULL);
    }
  if (option->type != CHESS_EXTERNAL_OPTION_BUTTON && option->default_value == NULL)
    option->default_value = g_strdup ("");
  line->option = g_steal_pointer (&option);
  line->kind = CHESS_EXTERNAL_LINE_OPTION;
  return TRUE;
}

static gboolean
parse_uci_info (char **t, guint n, ChessExternalLine *line)
{
  g_autoptr (ChessPlayerInfo) info = g_new0 (ChessPlayerInfo, 1);
  guint i = 1;

  while (i < n)
    {
      const char *key = t[i];
      const char *value = i + 1 < n ? t[i + 1] : NULL;

      if (strcmp (key, "string") == 0)
        {
          info->string = join_tokens (t, i + 1, n);
          info->has |= CHESS_PLAYER_INFO_HAS_STRING;
          break;
        }
      if (strcmp (key, "pv") == 0)
        {
          GPtrArray *pv = g_ptr_array_new ();

          for (i++; i < n; i++)
            g_ptr_array_add (pv, g_strdup (t[i]));
          g_ptr_array_add (pv, NULL);
          line->pv = (GStrv) g_ptr_array_free (pv, FALSE);
          if (line->pv[0])                /* "pv" and nothing after it */
            info->has |= CHESS_PLAYER_INFO_HAS_PV;
          break;
        }
      if (strcmp (key, "refutation") == 0 || strcmp (key, "currline") == 0)
        break;                          /* moves to the end: not used */
      if (strcmp (key, "score") == 0)
        {
          int v;

          i++;
          while (i < n)
            {
              if (strcmp (t[i], "cp") == 0 && i + 1 < n && parse_int (t[i + 1], &v))
                {
                  info->score.is_mate = FALSE, info->score.centipawns = v;
                  info->has |= CHESS_PLAYER_INFO_HAS_SCORE;
                  i += 2;
                }
              else if (strcmp (t[i], "mate") == 0 && i + 1 < n && parse_int (t[i + 1], &v))
                {
                  info->score.is_mate = TRUE, info->score.mate_moves = v;
                  info->score.mating = v > 0;
                  info->has |= CHESS_PLAYER_INFO_HAS_SCORE;
                  i += 2;
                }
              else if (strcmp (t[i], "lowerbound") == 0)
                info->bound = CHESS_SCORE_BOUND_LOWER, i++;
              else if (strcmp (t[i], "upperbound") == 0)
                info->bound = CHESS_SCORE_BOUND_UPPER, i++;
              else
                break;
            }
          if (!(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
            return FALSE;
          continue;
        }
      if (value == NULL)
        return FALSE;
      if (strcmp (key, "depth") == 0)
        {
          if (!parse_int (value, &info->depth) || info->depth < 0)
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_DEPTH;
        }
      else if (strcmp (key, "seldepth") == 0)
        {
          if (!parse_int (value, &info->seldepth) || info->seldepth < 0)
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_SELDEPTH;
        }
      else if (strcmp (key, "multipv") == 0)
        {
          if (!parse_int (value, &info->multipv) || info->multipv < 1)
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_MULTIPV;
        }
      else if (strcmp (key, "nodes") == 0)
        {
          if (!parse_uint64 (value, &info->nodes))
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_NODES;
        }
      else if (strcmp (key, "nps") == 0)
        {
          if (!parse_uint64 (value, &info->nps))
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_NPS;
        }
      else if (strcmp (key, "time") == 0)
        {
          if (!parse_int64 (value, &info->time_ms) || info->time_ms < 0)
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_TIME;
        }
      else if (strcmp (key, "hashfull") == 0)
        {
          if (!parse_int (value, &info->hashfull))
            return FALSE;
          info->has |= CHESS_PLAYER_INFO_HAS_HASHFULL;
        }
      /* currmove, currmovenumber, tbhits, sbhits, cpuload and unknown keys
       * take one value and are skipped. */
      i += 2;
    }

  line->info = g_steal_pointer (&info);
  line->kind = CHESS_EXTERNAL_LINE_INFO;
  return TRUE;
}

static void
parse_uci (char **t, guint n, const char *text, ChessExternalLine *line)
{
  if (strcmp (t[0], "uciok") == 0 && n == 1)
    line->kind = CHESS_EXTERNAL_LINE_UCIOK;
  else if (strcmp (t[0], "readyok") == 0 && n == 1)
    line->kind = CHESS_EXTERNAL_LINE_READYOK;
  else if (strcmp (t[0], "id") == 0 && n >= 3
           && (strcmp (t[1], "name") == 0 || strcmp (t[1], "author") == 0))
    {
      /* The value keeps its inner spacing: everything after the key. */
      const char *p = strstr (text, t[1]) + strlen (t[1]);

      line->kind = t[1][0] == 'n' ? CHESS_EXTERNAL_LINE_ID_NAME : CHESS_EXTERNAL_LINE_ID_AUTHOR;
      line->text = g_strstrip (g_strdup (p));
    }
  else if (strcmp (t[0], "bestmove") == 0 && n >= 2)
    {
      if (n == 2 || (n >= 3 && strcmp (t[2], "ponder") == 0))
        {
          line->kind = CHESS_EXTERNAL_LINE_BESTMOVE;
          line->move = g_strdup (t[1]);
          line->ponder = n >= 4 ? g_strdup (t[3]) : NULL;
        }
    }
  else if (strcmp (t[0], "option") == 0)
    parse_uci_option (t, n, line);
  else if (strcmp (t[0], "info") == 0)
    parse_uci_info (t, n, line);
}

/* ---- xboard ------------------------------------------------------------- */

/* "feature a=1 b=\"two words\" c=x": pairs, values unquoted. */
static gboolean
parse_features (const char *p, ChessExternalLine *line)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  while (TRUE)
    {
      const char *start;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      start = p;
      while (g_ascii_isalnum (*p) || *p == '_' || *p == '-')
        p++;
      if (p == start || *p != '=')
        return FALSE;
      g_ptr_array_add (names, g_strndup (start, p - start));
      p++;
      if (*p == '"')
        {
          const char *end = strchr (p + 1, '"');

          if (end == NULL)
            return FALSE;
          g_ptr_array_add (values, g_strndup (p + 1, end - p - 1));
          p = end + 1;
        }
      else
        {
          start = p;
          while (*p && *p != ' ' && *p != '\t')
            p++;
          g_ptr_array_add (values, g_strndup (start, p - start));
        }
    }
  if (names->len == 0)
    return FALSE;
  line->feature_names = g_steal_pointer (&names);
  line->feature_values = g_steal_pointer (&values);
  line->kind = CHESS_EXTERNAL_LINE_FEATURES;
  return TRUE;
}

const char *
chess_external_line_get_feature (const ChessExternalLine *line,
                                 const char            *name)
{
  if (line->feature_names == NULL)
    return NULL;
  for (guint i = 0; i < line->feature_names->len; i++)
    if (strcmp (g_ptr_array_index (line->feature_names, i), name) == 0)
      return g_ptr_array_index (line->feature_values, i);
  return NULL;
}

ChessExternalOption *
chess_external_parse_xboard_option (const char *value)
{
  static const struct { const char *word; ChessExternalOptionType type; int n_values; } types[] = {
    { " -check ", CHESS_EXTERNAL_OPTION_CHECK, 1 },
    { " -spin ", CHESS_EXTERNAL_OPTION_SPIN, 3 },
    { " -slider ", CHESS_EXTERNAL_OPTION_SPIN, 3 },
    { " -combo ", CHESS_EXTERNAL_OPTION_COMBO, -1 },
    { " -string ", CHESS_EXTERNAL_OPTION_STRING, -1 },
    { " -file ", CHESS_EXTERNAL_OPTION_FILE, -1 },
    { " -path ", CHESS_EXTERNAL_OPTION_FILE, -1 },
    { " -button", CHESS_EXTERNAL_OPTION_BUTTON, 0 },
    { " -save", CHESS_EXTERNAL_OPTION_BUTTON, 0 },
    { " -reset", CHESS_EXTERNAL_OPTION_BUTTON, 0 },
  };
  g_autoptr (ChessExternalOption) option = NULL;
  const char *at = NULL, *rest;
  guint k, which = 0;

  /* The name may hold spaces: it ends at the first type word. */
  for (k = 0; k < G_N_ELEMENTS (types); k++)
    {
      const char *p = strstr (value, types[k].word);

      if (p && (at == NULL || p < at))
        at = p, which = k;
    }
  if (at == NULL || at == value)
    return NULL;
  rest = at + strlen (types[which].word);
  if (types[which].n_values == 0 && *rest != '\0')
    return NULL;

  option = g_new0 (ChessExternalOption, 1);
  option->name = g_strstrip (g_strndup (value, at - value));
  option->type = types[which].type;
  if (*option->name == '\0')
    return NULL;
  if (types[which].n_values == 3)
    {
      g_auto (GStrv) t = split_tokens (rest);

      if (g_strv_length (t) != 3 || !parse_int64 (t[1], &option->min)
          || !parse_int64 (t[2], &option->max) || option->min > option->max)
        return NULL;
      option->default_value = g_strdup (t[0]);
    }
  else if (option->type == CHESS_EXTERNAL_OPTION_CHECK)
    {
      g_autofree char *v = g_strstrip (g_strdup (rest));

      if (strcmp (v, "0") != 0 && strcmp (v, "1") != 0)
        return NULL;
      option->default_value = g_strdup (strcmp (v, "1") == 0 ? "true" : "false");
    }
  else if (option->type == CHESS_EXTERNAL_OPTION_COMBO)
    {
      g_auto (GStrv) parts = g_strsplit (rest, "///", -1);
      GPtrArray *choices = g_ptr_array_new ();

      for (guint i = 0; parts[i]; i++)
        {
          char *c = g_strstrip (parts[i]);

          if (*c == '*')
            {
              c++;
              g_free (option->default_value);
              option->default_value = g_strdup (c);
            }
          if (*c)
            g_ptr_array_add (choices, g_strdup (c));
        }
      g_ptr_array_add (choices, NULL);
      option->choices = (GStrv) g_ptr_array_free (choices, FALSE);
      if (option->choices[0] == NULL)
        return NULL;
      if (option->default_value == NULL)
        option->default_value = g_strdup (option->choices[0]);
    }
  else if (types[which].n_values == -1)
    option->default_value = g_strdup (rest);
  return g_steal_pointer (&option);
}

/* A token that can be a move in coordinate or SAN form: letters, digits and
 * the few signs SAN uses. Keeps "Move ordering : 90%" from being a move. */
static gboolean
looks_like_move (const char *t)
{
  gsize len = strlen (t);

  if (len < 2 || len > 10)
    return FALSE;
  for (const char *p = t; *p; p++)
    if (!g_ascii_isalnum (*p) && !strchr ("-=+#x@!?/", *p))
      return FALSE;
  return g_ascii_isdigit (t[len - 1]) || strchr ("OonbrqNBRQ+#!?", t[len - 1]) != NULL;
}

/* Thinking output: "ply score time nodes pv…", numbers in the first four
 * fields (time in centiseconds); extra numbers after nodes (selective depth,
 * speed, tbhits) are allowed before a tab. */
static gboolean
parse_thinking (char **t, guint n, ChessExternalLine *line)
{
  g_autoptr (ChessPlayerInfo) info = g_new0 (ChessPlayerInfo, 1);
  g_autofree char *ply_text = g_strdup (t[0]);
  gint64 cs;
  int score;
  GPtrArray *pv;
  gsize len = strlen (ply_text);

  if (n < 4)
    return FALSE;
  /* Some engines mark a ply as "12." or "12&". */
  if (len > 1 && (ply_text[len - 1] == '.' || ply_text[len - 1] == '&'))
    ply_text[len - 1] = '\0';
  if (!parse_int (ply_text, &info->depth) || info->depth < 0
      || !parse_int (t[1], &score) || !parse_int64 (t[2], &cs) || cs < 0 || cs > G_MAXINT64 / 10
      || !parse_uint64 (t[3], &info->nodes))
    return FALSE;
  info->has = CHESS_PLAYER_INFO_HAS_DEPTH | CHESS_PLAYER_INFO_HAS_SCORE
              | CHESS_PLAYER_INFO_HAS_TIME | CHESS_PLAYER_INFO_HAS_NODES;
  info->time_ms = cs * 10;
  /* The protocol's mate scores: 100000 + N for mate in N moves. */
  if (score >= 100000 || score <= -100000)
    {
      info->score.is_mate = TRUE;
      info->score.mate_moves = score > 0 ? score - 100000 : -(-score - 100000);
      info->score.mating = score > 0;
    }
  else
    info->score.centipawns = score;

  pv = g_ptr_array_new ();
  for (guint i = 4; i < n; i++)
    {
      const char *m = t[i];

      /* Move numbers ("1.", "2...") and markers are not moves. */
      if (g_ascii_isdigit (m[0]) && g_str_has_suffix (m, "."))
        continue;
      if (pv->len == 0 && i < 7 && g_ascii_isdigit (m[0]))
        continue;                    /* seldepth, speed, tbhits */
      if (!looks_like_move (m))
        break;
      g_ptr_array_add (pv, g_strdup (m));
    }
  g_ptr_array_add (pv, NULL);
  line->pv = (GStrv) g_ptr_array_free (pv, FALSE);
  if (line->pv[0])
    info->has |= CHESS_PLAYER_INFO_HAS_PV;
  line->info = g_steal_pointer (&info);
  line->kind = CHESS_EXTERNAL_LINE_INFO;
  return TRUE;
}

static void
parse_xboard (char **t, guint n, const char *text, ChessExternalLine *line)
{
  int number;

  if (strcmp (t[0], "feature") == 0)
    parse_features (strstr (text, "feature") + strlen ("feature"), line);
  else if (strcmp (t[0], "move") == 0 && n == 2 && looks_like_move (t[1]))
    {
      line->kind = CHESS_EXTERNAL_LINE_MOVE;
      line->move = g_strdup (t[1]);
    }
  else if (strcmp (t[0], "pong") == 0 && n == 2 && parse_int (t[1], &number) && number >= 0)
    {
      line->kind = CHESS_EXTERNAL_LINE_PONG;
      line->number = (guint) number;
    }
  else if (strcmp (t[0], "resign") == 0 && n == 1)
    line->kind = CHESS_EXTERNAL_LINE_RESIGN;
  else if (strcmp (t[0], "offer") == 0 && n == 2 && strcmp (t[1], "draw") == 0)
    line->kind = CHESS_EXTERNAL_LINE_OFFER_DRAW;
  else if (strcmp (t[0], "1-0") == 0 || strcmp (t[0], "0-1") == 0 || strcmp (t[0], "1/2-1/2") == 0)
    {
      const char *open = strchr (text, '{');
      const char *close = open ? strrchr (open, '}') : NULL;

      line->kind = CHESS_EXTERNAL_LINE_RESULT;
      line->text = g_strdup (t[0]);
      if (open && close)
        line->move = g_strndup (open + 1, close - open - 1);
    }
  else if (g_str_has_prefix (text, "Illegal move"))
    {
      const char *colon = strchr (text, ':');

      line->kind = CHESS_EXTERNAL_LINE_ILLEGAL_MOVE;
      if (colon)
        line->move = g_strstrip (g_strdup (colon + 1));
    }
  else if (g_str_has_prefix (text, "Error"))
    {
      line->kind = CHESS_EXTERNAL_LINE_ERROR;
      line->text = g_strdup (text);
    }
  /* Protocol 1 move announcements: "1. ... e7e5", "My move is: e7e5". */
  else if (n == 3 && strcmp (t[1], "...") == 0 && g_str_has_suffix (t[0], ".")
           && g_ascii_isdigit (t[0][0]) && looks_like_move (t[2]))
    {
      line->kind = CHESS_EXTERNAL_LINE_MOVE;
      line->move = g_strdup (t[2]);
    }
  else if (g_ascii_strncasecmp (text, "my move is", 10) == 0 && n >= 4
           && looks_like_move (t[n - 1]) && strchr (text, ':'))
    {
      line->kind = CHESS_EXTERNAL_LINE_MOVE;
      line->move = g_strdup (t[n - 1]);
    }
  else if (g_ascii_isdigit (t[0][0]))
    parse_thinking (t, n, line);
}

void
chess_external_parse_line (ChessExternalProtocol  protocol,
                           const char          *text,
                           gsize                length,
                           ChessExternalLine     *line)
{
  g_autofree char *valid = NULL;
  g_auto (GStrv) tokens = NULL;
  guint n;

  memset (line, 0, sizeof *line);
  line->kind = CHESS_EXTERNAL_LINE_UNKNOWN;
  if (length > CHESS_EXTERNAL_LINE_MAX)
    return;

  valid = g_utf8_make_valid (text, length);
  /* A stray carriage return (engines built for Windows) or NUL ends the line. */
  valid[strcspn (valid, "\r\n")] = '\0';
  tokens = split_tokens (valid);
  n = g_strv_length (tokens);
  if (n == 0)
    return;

  if (protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    parse_uci (tokens, n, g_strchug (valid), line);
  else
    parse_xboard (tokens, n, g_strchug (valid), line);
}
