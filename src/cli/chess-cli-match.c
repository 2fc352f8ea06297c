/* chess-cli-match.c — `thinkchess-cli match`: games between engines from
 * a set of openings, each opening played with both colours, one game at a
 * time, under the referee of chess-match-game.c; prints the score, the Elo
 * difference with its error and every fault, and writes the games as PGN.
 * The first engine plays each of the others (a gauntlet). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-cli.h"
#include "chess-file-read.h"
#include "chess-match-game.h"
#include "chess-match-pgn.h"
#include "chess-match-stats.h"
#include "chess-notation.h"

typedef struct
{
  char                *name;            /* NULL: the engine's own         */
  GStrv                argv;
  ChessExternalProtocol  protocol;
  gboolean             has_protocol;    /* proto= given                   */
  char                *dir;
  GPtrArray           *option_names;
  GPtrArray           *option_values;
  ChessMatchLimits     limits;
  gboolean             has_limits;
} EngineSpec;

typedef struct
{
  guint time_losses, illegal_moves, crashes, false_claims;
} Faults;

typedef struct
{
  EngineSpec  *specs;
  guint        n_specs;
  GPtrArray   *openings;               /* ChessLine *                       */
  guint        games;
  char        *pgn_path;
  ChessMatchPgn *pgn;                  /* open while the games are played   */
  ChessMatchRules rules;
  gboolean     sprt;
  double       sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta;
  gboolean     debug, quiet;
} Match;

static void
engine_spec_clear (EngineSpec *spec)
{
  g_free (spec->name);
  g_strfreev (spec->argv);
  g_free (spec->dir);
  g_ptr_array_unref (spec->option_names);
  g_ptr_array_unref (spec->option_values);
}

static void
engine_spec_init (EngineSpec *spec)
{
  memset (spec, 0, sizeof *spec);
  spec->option_names = g_ptr_array_new_with_free_func (g_free);
  spec->option_values = g_ptr_array_new_with_free_func (g_free);
  spec->limits.base_ms = -1;
}

static gboolean
parse_seconds (const char *text, gint64 *ms)
{
  char *end;
  double seconds = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(seconds >= 0) || seconds > 1e7)
    return FALSE;
  *ms = (gint64) llround (seconds * 1000.0);
  return TRUE;
}

/* "[MOVES/]BASE+INC" or "[MOVES/]BASE" in seconds: "10+0.1", "40/60". */
static gboolean
parse_time_control (const char *text, ChessMatchLimits *limits)
{
  g_autofree char *copy = g_strdup (text);
  char *base = copy, *plus, *slash = strchr (copy, '/');

  limits->moves_per_session = 0;
  limits->inc_ms = 0;
  if (slash)
    {
      char *end;

      *slash = '\0';
      limits->moves_per_session = (int) strtol (copy, &end, 10);
      if (*end != '\0' || limits->moves_per_session <= 0)
        return FALSE;
      base = slash + 1;
    }
  plus = strchr (base, '+');
  if (plus)
    {
      *plus = '\0';
      if (!parse_seconds (plus + 1, &limits->inc_ms))
        return FALSE;
    }
  return parse_seconds (base, &limits->base_ms) && (limits->base_ms > 0 || limits->inc_ms > 0);
}

static gboolean
parse_count (const char *text, guint64 *value)
{
  char *end;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  *value = g_ascii_strtoull (text, &end, 10);
  return *end == '\0' && *value > 0;
}

/* One KEY=VALUE of --engine or --each. */
static gboolean
apply_setting (EngineSpec *spec, const char *setting, GError **error)
{
  const char *eq = strchr (setting, '=');
  g_autofree char *key = NULL;
  const char *value;
  guint64 number;

  if (eq == NULL || eq == setting)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("“%s” is not an engine setting: write KEY=VALUE."), setting);
      return FALSE;
    }
  key = g_strndup (setting, eq - setting);
  value = eq + 1;

  if (strcmp (key, "cmd") == 0)
    {
      g_strfreev (spec->argv);
      spec->argv = NULL;
      if (!g_shell_parse_argv (value, NULL, &spec->argv, NULL))
        goto bad;
    }
  else if (strcmp (key, "proto") == 0)
    {
      if (strcmp (value, "uci") == 0)
        spec->protocol = CHESS_EXTERNAL_PROTOCOL_UCI;
      else if (strcmp (value, "xboard") == 0 || strcmp (value, "cecp") == 0)
        spec->protocol = CHESS_EXTERNAL_PROTOCOL_XBOARD;
      else
        goto bad;
      spec->has_protocol = TRUE;
    }
  else if (strcmp (key, "name") == 0)
    {
      g_free (spec->name);
      spec->name = g_strdup (value);
    }
  else if (strcmp (key, "dir") == 0)
    {
      g_free (spec->dir);
      spec->dir = g_strdup (value);
    }
  else if (g_str_has_prefix (key, "option.") && key[7] != '\0')
    {
      g_ptr_array_add (spec->option_names, g_strdup (key + 7));
      g_ptr_array_add (spec->option_values, *value ? g_strdup (value) : NULL);
    }
  else if (strcmp (key, "tc") == 0)
    {
      spec->limits.movetime_ms = spec->limits.depth = 0;
      spec->limits.nodes = 0;
      if (!parse_time_control (value, &spec->limits))
        goto bad;
      spec->has_limits = TRUE;
    }
  else if (strcmp (key, "st") == 0)
    {
      spec->limits.base_ms = -1;
      if (!parse_seconds (value, &spec->limits.movetime_ms) || spec->limits.movetime_ms == 0)
        goto bad;
      spec->has_limits = TRUE;
    }
  else if (strcmp (key, "depth") == 0)
    {
      spec->limits.base_ms = -1;
      if (!parse_count (value, &number) || number > 1000)
        goto bad;
      spec->limits.depth = (int) number;
      spec->has_limits = TRUE;
    }
  else if (strcmp (key, "nodes") == 0)
    {
      spec->limits.base_ms = -1;
      if (!parse_count (value, &spec->limits.nodes))
        goto bad;
      spec->has_limits = TRUE;
    }
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION,
                   /* Translators: an engine setting's key; keep the list as it is. */
                   _("Unknown engine setting “%s” (use cmd, proto, name, dir, option.NAME, tc, st, depth or nodes)."),
                   key);
      return FALSE;
    }
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: the value and the setting's key. */
               _("“%s” is not a valid value for the engine setting “%s”."), value, key);
  return FALSE;
}

static void
free_opening (gpointer data)
{
  chess_line_clear (data);
  g_free (data);
}

/* Reads the openings: one a line, moves from the standard start position
 * in any notation ("e2e4 e7e5" or "e4 e5"); # starts a comment. */
static GPtrArray *
load_openings (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) openings = g_ptr_array_new_with_free_func (free_opening);

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &text, NULL, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_auto (GStrv) moves = NULL;
      ChessLine *line;
      ChessBoard start;

      if (hash)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      moves = g_strsplit_set (lines[i], " \t", -1);
      chess_board_set_start (&start);
      line = g_new (ChessLine, 1);
      chess_line_init (line, &start);
      for (guint k = 0; moves[k]; k++)
        {
          g_autoptr (GError) move_error = NULL;
          ChessMove move;

          if (*moves[k] == '\0' || (g_ascii_isdigit (*moves[k]) && g_str_has_suffix (moves[k], ".")))
            continue;
          if (!chess_move_parse (&line->current, moves[k], &move, &move_error))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* Translators: file, line number, the reason. */
                           _("%s:%u: %s"), path, i + 1, move_error->message);
              chess_line_clear (line);
              g_free (line);
              return NULL;
            }
          chess_line_push (line, move);
        }
      g_ptr_array_add (openings, line);
    }
  if (openings->len == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: no openings in this file."), path);
      return NULL;
    }
  return g_steal_pointer (&openings);
}

static void
debug_sent_cb (ChessExternalClient *client, const char *line, gpointer data)
{
  fprintf (stderr, "%s < %s\n", chess_external_client_get_name (client), line);
}

static void
debug_received_cb (ChessExternalClient *client, const char *line, gpointer data)
{
  fprintf (stderr, "%s > %s\n", chess_external_client_get_name (client), line);
}

static ChessExternalClient *
start_engine (Match *match, const EngineSpec *spec, GError **error)
{
  g_autoptr (ChessExternalClient) client = chess_external_client_new ((const char *const *) spec->argv, spec->protocol);

  if (spec->dir)
    chess_external_client_set_working_directory (client, spec->dir);
  if (match->debug)
    {
      g_signal_connect (client, "line-sent", G_CALLBACK (debug_sent_cb), NULL);
      g_signal_connect (client, "line-received", G_CALLBACK (debug_received_cb), NULL);
    }
  if (!chess_external_client_start_sync (client, NULL, error))
    return NULL;
  for (guint i = 0; i < spec->option_names->len; i++)
    if (!chess_external_client_set_option (client, g_ptr_array_index (spec->option_names, i),
                                           g_ptr_array_index (spec->option_values, i), error))
      {
        chess_external_client_quit_sync (client);
        return NULL;
      }
  return g_steal_pointer (&client);
}

static const char *
spec_name (const EngineSpec *spec, ChessExternalClient *client)
{
  return spec->name ? spec->name : chess_external_client_get_name (client);
}

static char *
format_elo (const ChessMatchScore *score)
{
  double elo, error95;

  if (chess_match_score_games (score) == 0)
    return g_strdup ("-");
  if (!chess_match_elo (score, &elo, &error95))
    return g_strdup (elo > 0 ? "+inf" : "-inf");
  if (!isfinite (error95))
    return g_strdup_printf ("%+.0f ± inf", fabs (elo) < 0.5 ? 0.0 : elo);
  return g_strdup_printf ("%+.0f ± %.0f", fabs (elo) < 0.5 ? 0.0 : elo, error95);
}

typedef struct
{
  char           *opponent;
  ChessMatchScore score;
  Faults          ours, theirs;
  double          llr;
  const char     *sprt_verdict;
} PairingResult;

static void
count_fault (Faults *faults, ChessMatchEnd end)
{
  switch (end)
    {
    case CHESS_MATCH_END_TIME: faults->time_losses++; break;
    case CHESS_MATCH_END_ILLEGAL_MOVE: faults->illegal_moves++; break;
    case CHESS_MATCH_END_CRASH: faults->crashes++; break;
    case CHESS_MATCH_END_FALSE_CLAIM: faults->false_claims++; break;
    default: break;
    }
}

/* Plays the first engine against `opponent`, adding each game to the PGN
 * file as it ends; FALSE when the match cannot go on (an engine does not
 * start, the PGN cannot be written). */
static gboolean
play_pairing (Match *match, guint opponent, PairingResult *out, GError **error)
{
  const EngineSpec *specs[2] = { &match->specs[0], &match->specs[opponent] };
  ChessExternalClient *clients[2] = { NULL, NULL };
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  double lower = 0, upper = 0;

  if (match->sprt)
    chess_match_sprt_bounds (match->sprt_alpha, match->sprt_beta, &lower, &upper);

  memset (out, 0, sizeof *out);
  for (guint g = 0; g < match->games; g++)
    {
      guint first_white = g % 2 == 0;
      const ChessLine *opening = g_ptr_array_index (match->openings, (g / 2) % match->openings->len);
      ChessExternalClient *by_color[2];
      const ChessMatchLimits *limits[2];
      ChessMatchGameResult result;
      ChessPgnGame *game;
      int ours;

      for (int k = 0; k < 2; k++)
        if (clients[k] == NULL || !chess_external_client_is_running (clients[k]))
          {
            if (clients[k])
              chess_external_client_quit_sync (clients[k]);
            g_clear_object (&clients[k]);
            clients[k] = start_engine (match, specs[k], error);
            if (clients[k] == NULL)
              goto failed;
          }
      if (out->opponent == NULL)
        out->opponent = g_strdup (spec_name (specs[1], clients[1]));

      by_color[CHESS_COLOR_WHITE] = clients[first_white ? 0 : 1];
      by_color[CHESS_COLOR_BLACK] = clients[first_white ? 1 : 0];
      limits[CHESS_COLOR_WHITE] = &specs[first_white ? 0 : 1]->limits;
      limits[CHESS_COLOR_BLACK] = &specs[first_white ? 1 : 0]->limits;
      game = chess_match_play_game (by_color, limits, &match->rules, opening, &result, error);
      if (game == NULL)
        goto failed;

      {
        g_autofree char *round = g_strdup_printf ("%u.%u", opponent, g + 1);

        chess_pgn_game_set_tag (game, "Event", "ThinkChess match");
        chess_pgn_game_set_tag (game, "Site", "?");
        chess_pgn_game_set_tag (game, "Date", date);
        chess_pgn_game_set_tag (game, "Round", round);
        chess_pgn_game_set_tag (game, "White", spec_name (specs[first_white ? 0 : 1], by_color[0]));
        chess_pgn_game_set_tag (game, "Black", spec_name (specs[first_white ? 1 : 0], by_color[1]));
      }

      ours = first_white ? result.result : -result.result;
      if (ours > 0)
        out->score.wins++;
      else if (ours < 0)
        out->score.losses++;
      else
        out->score.draws++;
      if (result.result != 0)
        {
          /* Faults are counted against the side that lost by them. */
          gboolean we_lost = ours < 0;

          count_fault (we_lost ? &out->ours : &out->theirs, result.end);
        }
      for (int c = 0; c < 2; c++)
        if (result.dead[c])
          chess_external_client_quit_sync (by_color[c]);

      if (!match->quiet)
        {
          g_autofree char *elo = format_elo (&out->score);

          /* Translators: game number, white, black, result ("1-0"), the
           * reason, then the running score W-D-L from the first engine's
           * side and the Elo difference. */
          printf (_("Game %u: %s vs %s: %s (%s) — %u-%u-%u, %s\n"), g + 1,
                  chess_pgn_game_get_tag (game, "White"), chess_pgn_game_get_tag (game, "Black"),
                  game->result, result.reason, out->score.wins, out->score.draws,
                  out->score.losses, elo);
          fflush (stdout);
        }
      chess_match_game_result_clear (&result);
      gboolean saved = match->pgn == NULL || chess_match_pgn_add (match->pgn, game, error);
      chess_pgn_game_free (game);
      if (!saved)
        goto failed;

      if (match->sprt)
        {
          out->llr = chess_match_sprt_llr (&out->score, match->sprt_elo0, match->sprt_elo1);
          if (out->llr >= upper)
            out->sprt_verdict = "H1";
          else if (out->llr <= lower)
            out->sprt_verdict = "H0";
          if (out->sprt_verdict)
            break;
        }
    }

  for (int k = 0; k < 2; k++)
    if (clients[k])
      {
        chess_external_client_quit_sync (clients[k]);
        g_object_unref (clients[k]);
      }
  return TRUE;

failed:
  for (int k = 0; k < 2; k++)
    if (clients[k])
      {
        chess_external_client_quit_sync (clients[k]);
        g_object_unref (clients[k]);
      }
  return FALSE;
}

static void
print_table (Match *match, PairingResult *results, guint n)
{
  printf ("\n");
  /* Translators: the table's columns; keep them short. W-D-L is
   * wins-draws-losses; "Time", "Illegal" and "Crash" count losses by each. */
  printf ("%-28s %6s %12s %7s %14s %5s %8s %6s\n", _("Opponent"), _("Games"), _("W-D-L"),
          _("Score"), _("Elo diff"), _("Time"), _("Illegal"), _("Crash"));
  for (guint i = 0; i < n; i++)
    {
      PairingResult *r = &results[i];

      if (r->opponent == NULL)
        continue;                /* not played */
      g_autofree char *wdl = g_strdup_printf ("%u-%u-%u", r->score.wins, r->score.draws, r->score.losses);
      g_autofree char *elo = format_elo (&r->score);
      g_autofree char *score = g_strdup_printf ("%.1f%%", 100.0 * chess_match_score_fraction (&r->score));

      printf ("%-28s %6u %12s %7s %14s %5u %8u %6u\n", r->opponent ? r->opponent : "?",
              chess_match_score_games (&r->score), wdl, score, elo,
              r->ours.time_losses, r->ours.illegal_moves, r->ours.crashes + r->ours.false_claims);
      if (r->theirs.time_losses + r->theirs.illegal_moves + r->theirs.crashes + r->theirs.false_claims)
        /* Translators: the opponent's own faults, after the table row. */
        printf (_("  (the opponent lost %u on time, %u by illegal moves, %u by crashes or false claims)\n"),
                r->theirs.time_losses, r->theirs.illegal_moves, r->theirs.crashes + r->theirs.false_claims);
      if (match->sprt)
        {
          double lower, upper;

          chess_match_sprt_bounds (match->sprt_alpha, match->sprt_beta, &lower, &upper);
          /* Translators: the log-likelihood ratio, its bounds, the verdict. */
          printf (_("  SPRT elo0=%g elo1=%g: LLR %.2f (%.2f, %.2f) %s\n"), match->sprt_elo0,
                  match->sprt_elo1, r->llr, lower, upper,
                  r->sprt_verdict ? (strcmp (r->sprt_verdict, "H1") == 0 ? _("H1 accepted")
                                                                        : _("H0 accepted"))
                                  : _("no verdict yet"));
        }
    }
}

static void
usage (FILE *out)
{
  fputs (_("Usage: thinkchess-cli match [OPTION…] --engine KEY=VALUE… --engine KEY=VALUE…\n"
           "\n"
           "Plays the first engine against each of the others, one game at a time, each\n"
           "opening with both colours, under a referee that checks every move and clock.\n"
           "\n"
           "Engine settings (after --engine, or after --each for all engines):\n"
           "  cmd=COMMAND          the program and its arguments (quote them)\n"
           "  proto=uci|xboard     its protocol (default uci)\n"
           "  name=NAME            the name in the results and the PGN\n"
           "  dir=DIR              where it runs\n"
           "  option.NAME=VALUE    an engine option (UCI setoption, xboard option)\n"
           "  tc=[MOVES/]BASE+INC  clock in seconds, e.g. tc=10+0.1\n"
           "  st=SECONDS           a fixed time per move\n"
           "  depth=N, nodes=N     a fixed depth or node count per move\n"
           "\n"
           "Options:\n"
           "  --openings FILE      openings, one a line (moves from the start position)\n"
           "  --games N            games per opponent (default 2)\n"
           "  --pgn FILE           add the games at the end of this file\n"
           "  --time-margin MS     how far a move may overrun the clock (default 100)\n"
           "  --resign MOVES,CP    adjudicate a loss when both engines agree for MOVES moves\n"
           "  --draw FROM,MOVES,CP adjudicate a draw from move FROM when both scores stay\n"
           "                       within ±CP for MOVES moves\n"
           "  --max-moves N        adjudicate a draw after N moves\n"
           "  --sprt ELO0,ELO1[,ALPHA,BETA]  stop when the test decides (default 0.05)\n"
           "  --debug              print the engines' dialogue on standard error\n"
           "  --quiet              print only the final table\n"), out);
}

static gboolean
parse_int_list (const char *text, int *values, guint min_n, guint max_n)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);

  if (n < min_n || n > max_n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end;
      long v = strtol (parts[i], &end, 10);

      if (end == parts[i] || *end != '\0' || v < 0 || v > 1000000)
        return FALSE;
      values[i] = (int) v;
    }
  return TRUE;
}

static gboolean
parse_sprt (Match *match, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);
  double v[4] = { 0, 0, 0.05, 0.05 };

  if (n != 2 && n != 4)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      char *end;

      v[i] = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end != '\0')
        return FALSE;
    }
  if (v[1] <= v[0] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5)
    return FALSE;
  match->sprt = TRUE;
  match->sprt_elo0 = v[0], match->sprt_elo1 = v[1], match->sprt_alpha = v[2], match->sprt_beta = v[3];
  return TRUE;
}

int
chess_cli_match (int argc, char **argv)
{
  Match match = { 0 };
  g_autoptr (GArray) specs = g_array_new (FALSE, FALSE, sizeof (EngineSpec));
  EngineSpec each;
  g_autoptr (GError) error = NULL;
  g_autofree char *openings_path = NULL;
  EngineSpec *target = NULL;
  PairingResult *results;
  int status = 0;
  guint64 number;

  chess_init ();
  g_array_set_clear_func (specs, (GDestroyNotify) engine_spec_clear);
  engine_spec_init (&each);
  match.games = 2;
  match.rules.time_margin_ms = 100;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;
      int values[3];

      if (strcmp (arg, "--help") == 0)
        {
          usage (stdout);
          goto out;
        }
      if (strcmp (arg, "--engine") == 0)
        {
          EngineSpec spec;

          engine_spec_init (&spec);
          g_array_append_val (specs, spec);
          target = &g_array_index (specs, EngineSpec, specs->len - 1);
          continue;
        }
      if (strcmp (arg, "--each") == 0)
        {
          target = &each;
          continue;
        }
      if (strcmp (arg, "--debug") == 0)
        {
          match.debug = TRUE;
          continue;
        }
      if (strcmp (arg, "--quiet") == 0)
        {
          match.quiet = TRUE;
          continue;
        }
      if (g_str_has_prefix (arg, "--"))
        {
          gboolean ok = value != NULL;

          if (ok && strcmp (arg, "--openings") == 0)
            openings_path = g_strdup (value);
          else if (ok && strcmp (arg, "--games") == 0)
            ok = parse_count (value, &number) && number <= 1000000 && (match.games = (guint) number);
          else if (ok && strcmp (arg, "--pgn") == 0)
            match.pgn_path = g_strdup (value);
          else if (ok && strcmp (arg, "--time-margin") == 0)
            ok = parse_int_list (value, values, 1, 1) && ((match.rules.time_margin_ms = values[0]) || TRUE);
          else if (ok && strcmp (arg, "--resign") == 0)
            {
              ok = parse_int_list (value, values, 2, 2) && values[0] > 0;
              match.rules.resign_moves = values[0], match.rules.resign_score = values[1];
            }
          else if (ok && strcmp (arg, "--draw") == 0)
            {
              ok = parse_int_list (value, values, 3, 3) && values[1] > 0;
              match.rules.draw_move_number = values[0], match.rules.draw_moves = values[1];
              match.rules.draw_score = values[2];
            }
          else if (ok && strcmp (arg, "--max-moves") == 0)
            ok = parse_int_list (value, values, 1, 1) && ((match.rules.max_moves = values[0]) || TRUE);
          else if (ok && strcmp (arg, "--sprt") == 0)
            ok = parse_sprt (&match, value);
          else if (ok)
            {
              fprintf (stderr, _("Unknown option “%s”.\n"), arg);
              usage (stderr);
              status = 2;
              goto out;
            }
          if (!ok)
            {
              fprintf (stderr, _("The option “%s” needs a valid value.\n"), arg);
              status = 2;
              goto out;
            }
          target = NULL;
          i++;
          continue;
        }
      if (target == NULL)
        {
          fprintf (stderr, _("“%s”: engine settings follow --engine or --each.\n"), arg);
          status = 2;
          goto out;
        }
      if (!apply_setting (target, arg, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          status = 2;
          goto out;
        }
    }

  if (specs->len < 2)
    {
      fprintf (stderr, _("A match needs at least two engines (--engine cmd=… twice).\n"));
      usage (stderr);
      status = 2;
      goto out;
    }
  /* --each gives what an engine did not set itself. */
  for (guint k = 0; k < specs->len; k++)
    {
      EngineSpec *spec = &g_array_index (specs, EngineSpec, k);

      if (spec->argv == NULL && each.argv)
        spec->argv = g_strdupv (each.argv);
      if (spec->argv == NULL)
        {
          fprintf (stderr, _("Engine %u has no command (cmd=…).\n"), k + 1);
          status = 2;
          goto out;
        }
      if (!spec->has_limits)
        {
          spec->limits = each.limits;
          spec->has_limits = each.has_limits;
        }
      if (!spec->has_limits)
        {
          fprintf (stderr, _("Engine %u has no time control (tc=…, st=…, depth=… or nodes=…).\n"), k + 1);
          status = 2;
          goto out;
        }
      if (!spec->has_protocol && each.has_protocol)
        spec->protocol = each.protocol;
      if (spec->name == NULL && each.name)
        spec->name = g_strdup (each.name);
      if (spec->dir == NULL && each.dir)
        spec->dir = g_strdup (each.dir);
      for (guint o = 0; o < each.option_names->len; o++)
        {
          g_ptr_array_insert (spec->option_names, o, g_strdup (g_ptr_array_index (each.option_names, o)));
          g_ptr_array_insert (spec->option_values, o, g_strdup (g_ptr_array_index (each.option_values, o)));
        }
    }

  if (openings_path)
    {
      match.openings = load_openings (openings_path, &error);
      if (match.openings == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          goto out;
        }
    }
  else
    {
      /* Without openings every game starts from the initial position. */
      ChessLine *line = g_new (ChessLine, 1);
      ChessBoard start;

      chess_board_set_start (&start);
      chess_line_init (line, &start);
      match.openings = g_ptr_array_new_with_free_func (free_opening);
      g_ptr_array_add (match.openings, line);
    }

  /* Before the first game: a file that cannot be written is said now. */
  if (match.pgn_path != NULL)
    {
      match.pgn = chess_match_pgn_open (match.pgn_path, &error);
      if (match.pgn == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          goto out;
        }
    }

  match.specs = (EngineSpec *) specs->data;
  match.n_specs = specs->len;
  results = g_new0 (PairingResult, specs->len - 1);
  for (guint k = 1; k < specs->len; k++)
    if (!play_pairing (&match, k, &results[k - 1], &error))
      {
        fprintf (stderr, "%s\n", error->message);
        g_clear_error (&error);
        status = 1;
        break;
      }
  if (!chess_match_pgn_close (g_steal_pointer (&match.pgn), &error))
    {
      fprintf (stderr, "%s\n", error->message);
      g_clear_error (&error);
      status = 1;
    }
  print_table (&match, results, specs->len - 1);
  for (guint k = 0; k + 1 < specs->len; k++)
    g_free (results[k].opponent);
  g_free (results);

out:
  engine_spec_clear (&each);
  g_clear_pointer (&match.openings, g_ptr_array_unref);
  g_free (match.pgn_path);
  return status;
}
