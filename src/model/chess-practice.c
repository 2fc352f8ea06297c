/* chess-practice.c — the player's puzzle rating, tries and own deck, kept
 * in practice.ini (see chess-practice.h). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "chess-practice.h"

#define HISTORY_MAX 200
/* Glicko-2: the scale's factor, the system constant (how fast volatility
 * moves), and a puzzle's deviation (its rating is taken as well known). */
#define GLICKO_SCALE 173.7178
#define GLICKO_TAU 0.5
#define PUZZLE_DEVIATION 80.0
/* A deviation this small would stop the rating from moving at all. A new
 * player's is smaller than Glicko's 350, so that a first miss does not
 * take 400 points: puzzles come one after another, many in a sitting. */
#define MIN_DEVIATION 45.0
#define NEW_DEVIATION 250.0
/* A deck puzzle leaves the deck at this many solves. */
#define DECK_SOLVES 2
/* After a solve, a deck puzzle is due again in this many seconds (a day),
 * then three times as long after each. */
#define DECK_FIRST_INTERVAL (24 * 60 * 60)
/* A missed puzzle comes back after this many other puzzles. */
#define MISSED_COMES_BACK 2

typedef struct
{
  ChessPuzzle puzzle;
  char       *source;
  gint64      added;
  gint64      due;          /* not before this time …                    */
  guint64     due_play;     /* … nor before this many puzzles were played */
  gint64      interval;     /* seconds, for the next solve               */
  guint       solves;
} DeckEntry;

typedef struct
{
  guint tries;
  guint solved;
} Tries;

struct _ChessPractice
{
  char        *path;
  ChessRating  rating;
  GArray      *history;     /* ChessRatingPoint */
  guint        streak;
  guint        best_streak;
  guint64      plays;       /* puzzles played, all told */
  GHashTable  *tries;       /* id → Tries */
  GPtrArray   *deck;        /* DeckEntry */
};

static void
deck_entry_free (gpointer data)
{
  DeckEntry *entry = data;

  g_free (entry->source);
  g_free (entry);
}

static ChessPractice *
practice_new (const char *path)
{
  ChessPractice *self = g_new0 (ChessPractice, 1);

  self->path = g_strdup (path);
  self->rating = (ChessRating) { 1500, NEW_DEVIATION, 0.06 };
  self->history = g_array_new (FALSE, FALSE, sizeof (ChessRatingPoint));
  self->tries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->deck = g_ptr_array_new_with_free_func (deck_entry_free);
  return self;
}

void
chess_practice_free (ChessPractice *self)
{
  if (self == NULL)
    return;
  g_free (self->path);
  g_array_unref (self->history);
  g_hash_table_unref (self->tries);
  g_ptr_array_unref (self->deck);
  g_free (self);
}

char *
chess_practice_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "thinkchess", "practice.ini", NULL);
}

/* Reading. */

static gboolean
bad_value (GError     **error,
           const char  *group,
           const char  *key)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               /* TRANSLATORS: a place in the practice file: [group] key. */
               _("[%s] %s has a value out of range"), group, key);
  return FALSE;
}

static gboolean
read_rating (ChessPractice *self,
             GKeyFile      *file,
             GError       **error)
{
  GError *local = NULL;
  g_auto (GStrv) history = NULL;

  if (!g_key_file_has_group (file, "rating"))
    return TRUE;
  self->rating.rating = g_key_file_get_double (file, "rating", "rating", &local);
  if (local == NULL)
    self->rating.deviation = g_key_file_get_double (file, "rating", "deviation", &local);
  if (local == NULL)
    self->rating.volatility = g_key_file_get_double (file, "rating", "volatility", &local);
  if (local == NULL)
    self->streak = (guint) g_key_file_get_uint64 (file, "rating", "streak", &local);
  if (local == NULL)
    self->best_streak = (guint) g_key_file_get_uint64 (file, "rating", "best-streak", &local);
  if (local == NULL)
    self->plays = g_key_file_get_uint64 (file, "rating", "plays", &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (!(self->rating.rating >= 100 && self->rating.rating <= 4000))
    return bad_value (error, "rating", "rating");
  if (!(self->rating.deviation >= 1 && self->rating.deviation <= 500))
    return bad_value (error, "rating", "deviation");
  if (!(self->rating.volatility > 0 && self->rating.volatility < 1))
    return bad_value (error, "rating", "volatility");

  history = g_key_file_get_string_list (file, "rating", "history", NULL, NULL);
  for (guint i = 0; history != NULL && history[i]; i++)
    {
      ChessRatingPoint point;
      gint64 time, rating;
      char *end;

      time = g_ascii_strtoll (history[i], &end, 10);
      if (*end != ':')
        return bad_value (error, "rating", "history");
      rating = g_ascii_strtoll (end + 1, &end, 10);
      if (*end != '\0' || rating < 100 || rating > 4000 || time < 0)
        return bad_value (error, "rating", "history");
      point.time = time;
      point.rating = (int) rating;
      g_array_append_val (self->history, point);
    }
  return TRUE;
}

static gboolean
read_tries (ChessPractice *self,
            GKeyFile      *file,
            GError       **error)
{
  g_auto (GStrv) keys = NULL;

  if (!g_key_file_has_group (file, "tries"))
    return TRUE;
  keys = g_key_file_get_keys (file, "tries", NULL, error);
  if (keys == NULL)
    return FALSE;
  for (guint i = 0; keys[i]; i++)
    {
      gsize n = 0;
      GError *local = NULL;
      g_autofree int *values = g_key_file_get_integer_list (file, "tries", keys[i], &n, &local);
      Tries *tries;

      if (local != NULL)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
      /* An empty value is a NULL list without an error. */
      if (values == NULL)
        return bad_value (error, "tries", keys[i]);
      if (n != 2 || values[0] < 0 || values[1] < 0 || values[1] > values[0])
        return bad_value (error, "tries", keys[i]);
      tries = g_new (Tries, 1);
      tries->tries = (guint) values[0];
      tries->solved = (guint) values[1];
      g_hash_table_replace (self->tries, g_strdup (keys[i]), tries);
    }
  return TRUE;
}

static gboolean
read_deck_entry (ChessPractice *self,
                 GKeyFile      *file,
                 const char    *group,
                 GError       **error)
{
  g_autofree char *epd = g_key_file_get_string (file, group, "puzzle", error);
  g_autoptr (GError) bad = NULL;
  g_autofree DeckEntry *entry = g_new0 (DeckEntry, 1);
  GError *local = NULL;

  if (epd == NULL)
    return FALSE;
  if (!chess_puzzle_parse (epd, &entry->puzzle, &bad))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   /* TRANSLATORS: a place in the practice file, then what is wrong there. */
                   _("[%s] puzzle: %s"), group, bad->message);
      return FALSE;
    }
  entry->source = g_key_file_get_string (file, group, "source", NULL);
  entry->added = g_key_file_get_int64 (file, group, "added", &local);
  if (local == NULL)
    entry->due = g_key_file_get_int64 (file, group, "due", &local);
  if (local == NULL)
    entry->due_play = g_key_file_get_uint64 (file, group, "due-play", &local);
  if (local == NULL)
    entry->interval = g_key_file_get_int64 (file, group, "interval", &local);
  if (local == NULL)
    entry->solves = (guint) g_key_file_get_uint64 (file, group, "solves", &local);
  if (local != NULL)
    {
      g_free (entry->source);
      g_propagate_error (error, local);
      return FALSE;
    }
  if (entry->interval <= 0 || entry->solves >= DECK_SOLVES)
    {
      g_free (entry->source);
      return bad_value (error, group, entry->interval <= 0 ? "interval" : "solves");
    }
  g_ptr_array_add (self->deck, g_steal_pointer (&entry));
  return TRUE;
}

static gboolean
read_file (ChessPractice *self,
           GKeyFile      *file,
           GError       **error)
{
  g_auto (GStrv) groups = g_key_file_get_groups (file, NULL);

  if (!read_rating (self, file, error) || !read_tries (self, file, error))
    return FALSE;
  for (guint i = 0; groups[i]; i++)
    if (g_str_has_prefix (groups[i], "mistake ") && !read_deck_entry (self, file, groups[i], error))
      return FALSE;
  return TRUE;
}

ChessPractice *
chess_practice_parse (const char  *path,
                      const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  ChessPractice *self;

  /* GKeyFile would read up to a NUL and take the rest for nothing. */
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE, _("the file holds binary data"));
      return NULL;
    }
  self = practice_new (path);
  if (g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, error) && read_file (self, file, error))
    return self;
  chess_practice_free (self);
  return NULL;
}

ChessPractice *
chess_practice_load (const char  *path,
                     char       **warning,
                     GError     **error)
{
  g_autoptr (GError) bad = NULL;
  g_autofree char *data = NULL;
  gsize length;
  ChessPractice *self;
  g_autoptr (GDateTime) now = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *aside = NULL;

  if (warning != NULL)
    *warning = NULL;
  if (!g_file_get_contents (path, &data, &length, &bad))
    {
      if (g_error_matches (bad, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return practice_new (path);
      /* Not readable at all (permissions, a folder): nothing to set aside. */
      g_propagate_error (error, g_steal_pointer (&bad));
      return NULL;
    }
  if ((self = chess_practice_parse (path, data, length, &bad)) != NULL)
    return self;

  /* Unreadable: set it aside whole and start afresh. */
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  aside = g_strdup_printf ("%s.broken-%s", path, stamp);
  if (g_rename (path, aside) != 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Your practice file %s cannot be read (%s) nor set aside: %s"), name, bad->message,
                   g_strerror (saved));
      return NULL;
    }
  if (warning != NULL)
    {
      g_autofree char *name = g_filename_display_name (aside);

      *warning = g_strdup_printf (_("Your practice file could not be read (%s). It was kept as %s, "
                                    "and your practice starts anew."), bad->message, name);
    }
  return practice_new (path);
}

/* Writing. */

gboolean
chess_practice_save (ChessPractice *self,
                     GError       **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GPtrArray) history = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *data = NULL;
  GHashTableIter iter;
  gpointer key, value;
  gsize length;

  g_key_file_set_double (file, "rating", "rating", self->rating.rating);
  g_key_file_set_double (file, "rating", "deviation", self->rating.deviation);
  g_key_file_set_double (file, "rating", "volatility", self->rating.volatility);
  g_key_file_set_uint64 (file, "rating", "streak", self->streak);
  g_key_file_set_uint64 (file, "rating", "best-streak", self->best_streak);
  g_key_file_set_uint64 (file, "rating", "plays", self->plays);
  for (guint i = 0; i < self->history->len; i++)
    {
      const ChessRatingPoint *point = &g_array_index (self->history, ChessRatingPoint, i);

      g_ptr_array_add (history, g_strdup_printf ("%" G_GINT64_FORMAT ":%d", point->time, point->rating));
    }
  g_ptr_array_add (history, NULL);
  if (self->history->len > 0)
    g_key_file_set_string_list (file, "rating", "history", (const char *const *) history->pdata,
                                self->history->len);

  g_hash_table_iter_init (&iter, self->tries);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const Tries *tries = value;
      int values[2] = { (int) tries->tries, (int) tries->solved };

      g_key_file_set_integer_list (file, "tries", key, values, 2);
    }

  for (guint i = 0; i < self->deck->len; i++)
    {
      const DeckEntry *entry = g_ptr_array_index (self->deck, i);
      g_autofree char *group = g_strdup_printf ("mistake %s", entry->puzzle.id);
      g_autofree char *epd = chess_puzzle_to_epd (&entry->puzzle);

      g_key_file_set_string (file, group, "puzzle", epd);
      if (entry->source != NULL)
        g_key_file_set_string (file, group, "source", entry->source);
      g_key_file_set_int64 (file, group, "added", entry->added);
      g_key_file_set_int64 (file, group, "due", entry->due);
      g_key_file_set_uint64 (file, group, "due-play", entry->due_play);
      g_key_file_set_int64 (file, group, "interval", entry->interval);
      g_key_file_set_uint64 (file, group, "solves", entry->solves);
    }

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *name = g_filename_display_name (dir);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot make the folder %s: %s"), name, g_strerror (saved));
      return FALSE;
    }
  data = g_key_file_to_data (file, &length, NULL);
  /* A new file renamed over the old one, flushed first: all or nothing. */
  return g_file_set_contents_full (self->path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, 0600, error);
}

/* The rating. */

const ChessRating *
chess_practice_get_rating (ChessPractice *self)
{
  return &self->rating;
}

const ChessRatingPoint *
chess_practice_get_history (ChessPractice *self,
                            guint         *n)
{
  *n = self->history->len;
  return (const ChessRatingPoint *) (void *) self->history->data;
}

guint
chess_practice_get_streak (ChessPractice *self)
{
  return self->streak;
}

guint
chess_practice_get_best_streak (ChessPractice *self)
{
  return self->best_streak;
}

void
chess_practice_get_tries (ChessPractice *self,
                          const char    *id,
                          guint         *tries,
                          guint         *solved)
{
  const Tries *found = g_hash_table_lookup (self->tries, id);

  *tries = found ? found->tries : 0;
  *solved = found ? found->solved : 0;
}

static double
glicko_g (double phi)
{
  return 1.0 / sqrt (1.0 + 3.0 * phi * phi / (G_PI * G_PI));
}

/* One game of Glicko-2 (Glickman, "Example of the Glicko-2 system"): the
 * player's rating after scoring `score` (1 or 0) against `opponent`. */
static ChessRating
glicko2_update (ChessRating player,
                double      opponent,
                double      opponent_deviation,
                double      score)
{
  double mu = (player.rating - 1500) / GLICKO_SCALE;
  double phi = player.deviation / GLICKO_SCALE;
  double sigma = player.volatility;
  double mu_j = (opponent - 1500) / GLICKO_SCALE;
  double g = glicko_g (opponent_deviation / GLICKO_SCALE);
  double e = 1.0 / (1.0 + exp (-g * (mu - mu_j)));
  double v = 1.0 / (g * g * e * (1 - e));
  double delta = v * g * (score - e);
  double a = log (sigma * sigma), A = a, B, fa, fb;
  ChessRating out;

  /* The new volatility: the root of f by the Illinois method. */
#define F(x) (exp (x) * (delta * delta - phi * phi - v - exp (x)) \
              / (2 * pow (phi * phi + v + exp (x), 2)) - ((x) - a) / (GLICKO_TAU * GLICKO_TAU))
  if (delta * delta > phi * phi + v)
    B = log (delta * delta - phi * phi - v);
  else
    {
      int k = 1;

      while (F (a - k * GLICKO_TAU) < 0 && k < 100)
        k++;
      B = a - k * GLICKO_TAU;
    }
  fa = F (A);
  fb = F (B);
  for (int i = 0; i < 100 && fabs (B - A) > 1e-6; i++)
    {
      double C = A + (A - B) * fa / (fb - fa);
      double fc = F (C);

      if (fc * fb <= 0)
        {
          A = B;
          fa = fb;
        }
      else
        fa /= 2;
      B = C;
      fb = fc;
    }
#undef F
  sigma = exp (A / 2);
  {
    double phi_star = sqrt (phi * phi + sigma * sigma);
    double phi_new = 1.0 / sqrt (1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * g * (score - e);

    out.rating = CLAMP (mu_new * GLICKO_SCALE + 1500, 100, 4000);
    out.deviation = CLAMP (phi_new * GLICKO_SCALE, MIN_DEVIATION, NEW_DEVIATION);
    out.volatility = CLAMP (sigma, 0.01, 0.2);
  }
  return out;
}

static DeckEntry *
deck_find (ChessPractice *self,
           const char    *id)
{
  for (guint i = 0; i < self->deck->len; i++)
    {
      DeckEntry *entry = g_ptr_array_index (self->deck, i);

      if (strcmp (entry->puzzle.id, id) == 0)
        return entry;
    }
  return NULL;
}

static void
deck_add (ChessPractice     *self,
          const ChessPuzzle *puzzle,
          const char        *source,
          gint64             now,
          guint64            due_play)
{
  DeckEntry *entry = g_new0 (DeckEntry, 1);

  entry->puzzle = *puzzle;
  entry->source = g_strdup (source);
  entry->added = now;
  entry->due = now;
  entry->due_play = due_play;
  entry->interval = DECK_FIRST_INTERVAL;
  g_ptr_array_add (self->deck, entry);
}

int
chess_practice_record (ChessPractice     *self,
                       const ChessPuzzle *puzzle,
                       gboolean           solved,
                       gint64             now)
{
  DeckEntry *entry = deck_find (self, puzzle->id);
  Tries *tries = g_hash_table_lookup (self->tries, puzzle->id);
  int change = 0;

  self->plays++;
  if (tries == NULL)
    {
      tries = g_new0 (Tries, 1);
      g_hash_table_insert (self->tries, g_strdup (puzzle->id), tries);
    }
  tries->tries++;
  if (solved)
    {
      tries->solved++;
      self->streak++;
      self->best_streak = MAX (self->best_streak, self->streak);
    }
  else
    self->streak = 0;

  if (entry != NULL)
    {
      if (!solved)
        {
          entry->due = now;
          entry->due_play = self->plays + MISSED_COMES_BACK;
          entry->interval = DECK_FIRST_INTERVAL;
        }
      else if (++entry->solves >= DECK_SOLVES)
        g_ptr_array_remove (self->deck, entry);
      else
        {
          entry->due = now + entry->interval;
          entry->due_play = 0;
          entry->interval *= 3;
        }
      return 0;
    }

  /* A bundled puzzle: rated. */
  {
    int before = (int) lround (self->rating.rating);
    ChessRatingPoint point;

    self->rating = glicko2_update (self->rating, puzzle->rating, PUZZLE_DEVIATION, solved ? 1.0 : 0.0);
    point.time = now;
    point.rating = (int) lround (self->rating.rating);
    g_array_append_val (self->history, point);
    if (self->history->len > HISTORY_MAX)
      g_array_remove_range (self->history, 0, self->history->len - HISTORY_MAX);
    change = point.rating - before;
  }
  /* A missed one comes back, as the player's own mistakes do. */
  if (!solved)
    deck_add (self, puzzle, NULL, now, self->plays + MISSED_COMES_BACK);
  return change;
}

static gboolean
deck_is_due (ChessPractice   *self,
             const DeckEntry *entry,
             gint64           now)
{
  return entry->due <= now && entry->due_play <= self->plays;
}

const ChessPuzzle *
chess_practice_next (ChessPractice    *self,
                     GPtrArray        *set,
                     ChessPuzzleTheme  theme,
                     int               mate_in,
                     GRand            *rand,
                     gint64            now)
{
  const DeckEntry *soonest = NULL;
  g_autoptr (GPtrArray) near = NULL;
  double rating = self->rating.rating;

  /* The player's own deck first: what is due, oldest first. */
  for (guint i = 0; i < self->deck->len; i++)
    {
      const DeckEntry *entry = g_ptr_array_index (self->deck, i);

      if (theme != 0 && theme != CHESS_PUZZLE_THEME_MISTAKE && !chess_puzzle_has_theme (&entry->puzzle, theme, mate_in))
        continue;
      if (soonest == NULL || entry->due < soonest->due
          || (entry->due == soonest->due && entry->due_play < soonest->due_play))
        soonest = entry;
    }
  if (soonest != NULL && (deck_is_due (self, soonest, now) || theme == CHESS_PUZZLE_THEME_MISTAKE))
    return &soonest->puzzle;
  if (theme == CHESS_PUZZLE_THEME_MISTAKE || set == NULL)
    return NULL;

  /* Else one of the set near the player's rating, not solved before and
   * not waiting in the deck (when there is such a one). */
  near = g_ptr_array_new ();
  for (int pass = 0; pass < 2 && near->len == 0; pass++)
    for (guint i = 0; i < set->len; i++)
      {
        const ChessPuzzle *puzzle = g_ptr_array_index (set, i);
        const Tries *tries = g_hash_table_lookup (self->tries, puzzle->id);

        if (!chess_puzzle_has_theme (puzzle, theme, mate_in))
          continue;
        if (pass == 0 && ((tries != NULL && tries->solved > 0) || deck_find (self, puzzle->id)))
          continue;
        g_ptr_array_add (near, (gpointer) puzzle);
      }
  if (near->len == 0)
    return NULL;
  /* The twelve nearest, one of them at random. */
  for (guint i = 0; i < near->len && i < 12; i++)
    for (guint j = i + 1; j < near->len; j++)
      {
        const ChessPuzzle *a = near->pdata[i], *b = near->pdata[j];

        if (fabs (b->rating - rating) < fabs (a->rating - rating))
          {
            near->pdata[i] = (gpointer) b;
            near->pdata[j] = (gpointer) a;
          }
      }
  return near->pdata[g_rand_int_range (rand, 0, (gint32) MIN (near->len, 12))];
}

/* The deck. */

gboolean
chess_practice_deck_add (ChessPractice     *self,
                         const ChessPuzzle *puzzle,
                         const char        *source,
                         gint64             now)
{
  if (deck_find (self, puzzle->id) != NULL)
    return FALSE;
  deck_add (self, puzzle, source, now, 0);
  return TRUE;
}

guint
chess_practice_deck_size (ChessPractice *self)
{
  return self->deck->len;
}

guint
chess_practice_deck_due (ChessPractice *self,
                         gint64         now)
{
  guint n = 0;

  for (guint i = 0; i < self->deck->len; i++)
    if (deck_is_due (self, g_ptr_array_index (self->deck, i), now))
      n++;
  return n;
}

const ChessPuzzle *
chess_practice_deck_get (ChessPractice *self,
                         guint          i)
{
  g_return_val_if_fail (i < self->deck->len, NULL);
  return &((DeckEntry *) g_ptr_array_index (self->deck, i))->puzzle;
}

const char *
chess_practice_deck_source (ChessPractice     *self,
                            const ChessPuzzle *puzzle)
{
  DeckEntry *entry = deck_find (self, puzzle->id);

  return entry != NULL ? entry->source : NULL;
}
