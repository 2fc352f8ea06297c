/* chess-window.c — the main window. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-window.h"
#include "chess-window-actions.h"
#include "chess-window-analysis.h"
#include "chess-analysis-panel.h"
#include "chess-adaptive-box.h"
#include "chess-board-view.h"
#include "chess-captured-view.h"
#include "chess-move-list-view.h"
#include "chess-review-panel.h"
#include "chess-window-computer.h"
#include "chess-window-review.h"

struct _ChessWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  GtkWidget         *header_bar;
  AdwWindowTitle    *window_title;
  GtkWidget         *new_game_button;
  GtkWidget         *undo_button;
  GtkWidget         *pause_button;
  AdwToastOverlay   *toast_overlay;
  GtkWidget         *pause_screen;
  GtkWidget         *resume_button;
  GtkWidget         *primary_menu_button;
  GtkWidget         *layout_box;
  GtkWidget         *board_overlay;
  ChessBoardView    *board;
  GtkWidget         *start_screen;
  GtkWidget         *start_subtitle;
  GtkWidget         *continue_button;
  GtkWidget         *start_new_button;
  GtkWidget         *result_screen;
  GtkWidget         *result_label;
  GtkWidget         *result_score;
  GtkWidget         *result_new_button;
  GtkWidget         *side_panel;
  GtkWidget         *black_row;
  GtkWidget         *black_name;
  GtkWidget         *black_marker;
  GtkWidget         *black_clock;
  GtkWidget         *white_row;
  GtkWidget         *white_name;
  GtkWidget         *white_marker;
  GtkWidget         *white_clock;
  ChessCapturedView *captured_by_black;
  ChessCapturedView *captured_by_white;
  GtkWidget         *eval_bar;
  GtkWidget         *eval_label;
  GtkWidget         *analysis_panel;
  ChessMoveListView *move_list;
  ChessReviewPanel  *review_panel;
  GtkWidget         *game_info;
  GtkWidget         *status_label;
  GtkWidget         *past_return_button;
  GtkWidget         *move_entry;

  /* Owned */
  GSettings         *settings;
  ChessGame         *game;
  ChessClock        *clock;
  char              *status_text;
  char              *message;          /* a refusal shown until the next action */
  char              *document_name;    /* the file's name, or NULL */

  guint              clock_holds;      /* open modal dialogs */
  gboolean           paused;           /* the player's pause */
  gboolean           playing;          /* not behind the start screen */
  gboolean           user_flip;
  gboolean           flipped;
  gboolean           trace_mapped;
  gint64             clock_saved_us;   /* when the running clock was last autosaved */
};

G_DEFINE_FINAL_TYPE (ChessWindow, chess_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void update_all (ChessWindow *self);

/* GTK 4.8 has no call that sets a CSS class on or off. */
static void
set_css_class (GtkWidget  *widget,
               const char *css_class,
               gboolean    present)
{
  if (present)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* ---- Status line ---- */

static void
set_status (ChessWindow *self,
            const char  *text)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->status_label), text);
}

/* Counted as players count moves: "Viewing move 43, Black". */
static char *
describe_viewing (ChessWindow *self)
{
  const ChessBoard *start = chess_game_get_start_board (self->game);
  guint ply = chess_game_get_view_ply (self->game);
  /* The ply that reached the viewed position was played by… */
  guint start_side = start->side;
  guint full_start = MAX (start->fullmove_number, 1);
  guint index, number;
  gboolean black;

  if (ply == 0)
    return g_strdup (_("Viewing the starting position. Press End or click the board to return."));
  index = ply - 1 + (start_side == CHESS_COLOR_BLACK ? 1 : 0);
  number = full_start + index / 2;
  black = index % 2 == 1;
  return g_strdup_printf (black
                          /* Translators: shown while browsing; %u is the move number. */
                          ? _("Viewing move %u, Black. Press End or click the board to return.")
                          /* Translators: shown while browsing; %u is the move number. */
                          : _("Viewing move %u, White. Press End or click the board to return."),
                          number);
}

static char *
describe_status (ChessWindow *self)
{
  ChessGame *game = self->game;
  guint count = chess_game_get_move_count (game);
  const char *name = chess_game_get_player_display_name (game, chess_game_get_side_to_move (game));
  g_autofree char *turn = NULL;
  char last[CHESS_MOVE_TEXT_MAX];

  if (!chess_game_is_viewing_live (game))
    return describe_viewing (self);
  if (chess_game_is_over (game))
    return chess_game_describe_result (game);

  if (chess_window_computer_is_thinking (self))
    /* Translators: %s is the computer player's name, e.g. "ThinkChess (Beginner)". */
    turn = g_strdup_printf (_("%s is thinking…"), name);
  else if (chess_game_is_in_check (game))
    /* Translators: %s is a player's name, or "White" / "Black". */
    turn = g_strdup_printf (_("Check! %s to move."), name);
  else
    /* Translators: %s is a player's name, or "White" / "Black". */
    turn = g_strdup_printf (_("%s to move."), name);
  if (count == 0 || chess_game_format_move (game, count - 1, CHESS_NOTATION_SAN, TRUE, last) == NULL)
    return g_steal_pointer (&turn);
  /* Translators: the status line: whose turn it is, then the last move. */
  return g_strdup_printf (_("%s Last move: %s"), turn, last);
}

static void
update_status (ChessWindow *self)
{
  g_autofree char *text = NULL;

  if (self->message != NULL)
    return;
  if (self->paused)
    text = g_strdup (_("The game is paused."));
  else
    text = describe_status (self);
  set_status (self, text);
  gtk_widget_remove_css_class (self->status_label, "refusal");
  set_css_class (self->status_label, "past", !chess_game_is_viewing_live (self->game));
}

/* The next action (a move, a take-back, browsing, another game) replaces
 * a refusal with the game's status. */
static void
clear_message (ChessWindow *self)
{
  g_clear_pointer (&self->message, g_free);
}

void
chess_window_show_message (ChessWindow *self,
                           const char  *message)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  g_free (self->message);
  self->message = g_strdup (message);
  set_status (self, message);
  gtk_widget_add_css_class (self->status_label, "refusal");
}

void
chess_window_show_info (ChessWindow *self,
                        const char  *text)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  g_free (self->message);
  self->message = g_strdup (text);
  set_status (self, text);
  gtk_widget_remove_css_class (self->status_label, "refusal");
}

void
chess_window_show_notice (ChessWindow *self,
                          const char  *notice)
{
  AdwToast *toast;

  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (notice != NULL);

  toast = adw_toast_new (notice);
  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

const char *
chess_window_get_status_text (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->status_text;
}

/* The status line is always two lines high, and at least as high as the
 * "Back to the Game" button beside it, whatever it says and whether the
 * button shows: neither may change the layout. */
static void
fix_status_height (ChessWindow *self)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (self->status_label, "Ag\nAg");
  gboolean shown = gtk_widget_get_visible (self->past_return_button);
  int height = 0, button = 0;

  pango_layout_get_pixel_size (layout, NULL, &height);
  /* A hidden widget measures 0: show the button for the measure. */
  gtk_widget_set_visible (self->past_return_button, TRUE);
  gtk_widget_measure (self->past_return_button, GTK_ORIENTATION_VERTICAL, -1,
                      &button, NULL, NULL, NULL);
  gtk_widget_set_visible (self->past_return_button, shown);
  gtk_widget_set_size_request (self->status_label, -1, MAX (height, button));
}

/* ---- The panel ---- */

void
chess_window_update_clocks (ChessWindow *self)
{
  gboolean timed = chess_clock_is_timed (self->clock);
  ChessColor active = chess_clock_get_active_color (self->clock);
  gboolean running = chess_clock_is_running (self->clock);

  for (int c = 0; c < 2; c++)
    {
      GtkWidget *label = c == CHESS_COLOR_WHITE ? self->white_clock : self->black_clock;
      gint64 ms = chess_clock_get_time_ms (self->clock, c);
      g_autofree char *text = NULL;

      /* Thinking time counts up in whole seconds; tenths are for the
       * last seconds of a count-down. */
      if (timed)
        text = chess_clock_format_time (ms);
      else if (ms >= 3600000)
        text = g_strdup_printf ("%d:%02d:%02d", (int) (ms / 3600000),
                                (int) (ms / 60000 % 60), (int) (ms / 1000 % 60));
      else
        text = g_strdup_printf ("%d:%02d", (int) (ms / 60000), (int) (ms / 1000 % 60));

      gtk_label_set_text (GTK_LABEL (label), text);
      set_css_class (label, "low-time", timed && ms < 10000);
      set_css_class (label, "running", running && (ChessColor) c == active);
    }
}

static void
update_players (ChessWindow *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  gboolean over = chess_game_is_over (self->game);

  for (int c = 0; c < 2; c++)
    {
      const char *name = chess_game_get_player_display_name (self->game, c);
      g_autofree char *label = NULL;

      gtk_label_set_text (GTK_LABEL (c == CHESS_COLOR_WHITE ? self->white_name : self->black_name),
                          name);
      /* Translators: the accessible name of a player's row: the player's
       * name, then "White" or "Black". */
      label = g_strdup_printf (_("%s, %s"), name,
                               c == CHESS_COLOR_WHITE ? _("White") : _("Black"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (c == CHESS_COLOR_WHITE ? self->white_row
                                                                              : self->black_row),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }
  gtk_widget_set_visible (self->white_marker, !over && side == CHESS_COLOR_WHITE);
  gtk_widget_set_visible (self->black_marker, !over && side == CHESS_COLOR_BLACK);
  set_css_class (self->white_row, "active", !over && side == CHESS_COLOR_WHITE);
  set_css_class (self->black_row, "active", !over && side == CHESS_COLOR_BLACK);
}

/* The material of the position on the board, also while browsing. */
static void
update_material (ChessWindow *self)
{
  guint ply = chess_game_get_view_ply (self->game);
  int balance = chess_game_get_material_balance_at (self->game, ply);
  int pawns = (balance + (balance >= 0 ? 50 : -50)) / 100;
  ChessPiece pieces[16];
  guint n;
  char text[16];

  gtk_level_bar_set_value (GTK_LEVEL_BAR (self->eval_bar), CLAMP (pawns, -10, 10) + 10);
  if (pawns > 0)
    g_snprintf (text, sizeof text, "+%d", pawns);
  else if (pawns < 0)
    g_snprintf (text, sizeof text, "\xe2\x88\x92%d", -pawns);   /* U+2212 minus */
  else
    g_snprintf (text, sizeof text, "0");
  gtk_label_set_text (GTK_LABEL (self->eval_label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->eval_bar),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);

  /* White's captures are Black's pieces and the other way round. */
  n = chess_game_get_captured_at (self->game, ply, CHESS_COLOR_BLACK, pieces);
  chess_captured_view_set (self->captured_by_white, pieces, n, pawns);
  n = chess_game_get_captured_at (self->game, ply, CHESS_COLOR_WHITE, pieces);
  chess_captured_view_set (self->captured_by_black, pieces, n, -pawns);
}

static void
update_overlays (ChessWindow *self)
{
  gboolean live = chess_game_is_viewing_live (self->game);

  gtk_widget_set_visible (self->past_return_button, !live);
  if (!chess_game_is_over (self->game))
    gtk_widget_set_visible (self->result_screen, FALSE);
}

/* Which side is at the bottom: the setting, then the user's flips. */
static void
update_orientation (ChessWindow *self)
{
  gboolean flipped = FALSE;
  GtkWidget *top, *bottom;

  switch (g_settings_get_enum (self->settings, "board-orientation"))
    {
    case 1: /* black */
      flipped = TRUE;
      break;
    case 2: /* side to move */
      flipped = chess_game_get_side_to_move (self->game) == CHESS_COLOR_BLACK;
      break;
    case 3: /* the human's side: Black when only White is the computer's */
      flipped = chess_window_computer_get_player (self, CHESS_COLOR_WHITE) != NULL
                && chess_window_computer_get_player (self, CHESS_COLOR_BLACK) == NULL;
      break;
    default:
      break;
    }
  flipped ^= self->user_flip;

  chess_board_view_set_flipped (self->board, flipped);
  /* Each player's row sits at their side of the board. */
  top = flipped ? self->white_row : self->black_row;
  bottom = flipped ? self->black_row : self->white_row;
  chess_adaptive_box_set_bars (CHESS_ADAPTIVE_BOX (self->layout_box), top, bottom);

  if (self->flipped != flipped)
    {
      self->flipped = flipped;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
    }
}

/* A PGN tag worth showing: set, and not "?" or "-" (unknown). */
static const char *
known_tag (ChessGame  *game,
           const char *name)
{
  const char *value = chess_game_get_tag (game, name);

  if (value == NULL || *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "-"))
    return NULL;
  return value;
}

/* "1999.01.20", "1999.01" or "1999" from a PGN date with unknown parts. */
static char *
known_date (ChessGame *game)
{
  const char *date = known_tag (game, "Date");
  g_auto(GStrv) parts = NULL;
  GString *text;

  if (date == NULL)
    return NULL;
  parts = g_strsplit (date, ".", 3);
  text = g_string_new (NULL);
  for (guint i = 0; parts[i] != NULL && strchr (parts[i], '?') == NULL; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "." : "", parts[i]);
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

/* The panel shows a game's header: event and site, date and round, the
 * players' ratings. Games played here have none and show nothing. */
static void
update_game_info (ChessWindow *self)
{
  ChessGame *game = self->game;
  const char *event = known_tag (game, "Event");
  const char *site = known_tag (game, "Site");
  const char *round = known_tag (game, "Round");
  const char *white_elo = known_tag (game, "WhiteElo");
  const char *black_elo = known_tag (game, "BlackElo");
  g_autofree char *date = known_date (game);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;

  if (event != NULL && site != NULL)
    /* Translators: a game's event and the place it was played. */
    g_ptr_array_add (lines, g_strdup_printf (_("%s, %s"), event, site));
  else if (event != NULL || site != NULL)
    g_ptr_array_add (lines, g_strdup (event != NULL ? event : site));
  if (date != NULL && round != NULL)
    /* Translators: a game's date, then its round in the event. */
    g_ptr_array_add (lines, g_strdup_printf (_("%s, round %s"), date, round));
  else if (date != NULL)
    g_ptr_array_add (lines, g_strdup (date));
  else if (round != NULL)
    /* Translators: a game's round in its event. */
    g_ptr_array_add (lines, g_strdup_printf (_("Round %s"), round));
  if (white_elo != NULL || black_elo != NULL)
    /* Translators: the players' ratings: White's name and rating, then Black's. */
    g_ptr_array_add (lines, g_strdup_printf (_("%s %s – %s %s"),
                                             chess_game_get_player_display_name (game, CHESS_COLOR_WHITE),
                                             white_elo != NULL ? white_elo : "?",
                                             chess_game_get_player_display_name (game, CHESS_COLOR_BLACK),
                                             black_elo != NULL ? black_elo : "?"));
  g_ptr_array_add (lines, NULL);
  text = g_strjoinv ("\n", (char **) lines->pdata);
  gtk_label_set_text (GTK_LABEL (self->game_info), text);
  gtk_widget_set_visible (self->game_info, *text != '\0');
}

/* The header bar: the file (or the players), and the event and year. */
static void
update_title (ChessWindow *self)
{
  const char *white = chess_game_get_player_name (self->game, CHESS_COLOR_WHITE);
  const char *black = chess_game_get_player_name (self->game, CHESS_COLOR_BLACK);
  const char *event = chess_game_get_tag (self->game, "Event");
  const char *date = chess_game_get_tag (self->game, "Date");
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *year = NULL;

  if (self->document_name != NULL)
    title = g_strdup (self->document_name);
  else if (white != NULL || black != NULL)
    /* Translators: the header bar's title: White's and Black's names. */
    title = g_strdup_printf (_("%s – %s"),
                             chess_game_get_player_display_name (self->game, CHESS_COLOR_WHITE),
                             chess_game_get_player_display_name (self->game, CHESS_COLOR_BLACK));
  else
    title = g_strdup (_("ThinkChess"));

  if (date != NULL && strlen (date) >= 4 && g_ascii_isdigit (date[0])
      && g_ascii_isdigit (date[1]) && g_ascii_isdigit (date[2]) && g_ascii_isdigit (date[3]))
    year = g_strndup (date, 4);
  if (event != NULL && (*event == '\0' || g_str_equal (event, "?")))
    event = NULL;
  if (event != NULL && year != NULL && strstr (event, year) == NULL)
    /* Translators: the header bar's subtitle: the event and its year. */
    subtitle = g_strdup_printf (_("%s %s"), event, year);
  else
    subtitle = g_strdup (event != NULL ? event : year != NULL ? year : "");

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  update_game_info (self);
}

void
chess_window_set_document_name (ChessWindow *self,
                                const char  *name)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  if (g_strcmp0 (self->document_name, name) == 0)
    return;
  g_free (self->document_name);
  self->document_name = g_strdup (name);
  update_title (self);
}

/* ---- Pause ---- */

static gboolean
can_pause (ChessWindow *self)
{
  return chess_clock_is_timed (self->clock) && !chess_game_is_over (self->game);
}

/* The clock stands while the player pauses or a modal dialog is open. */
static void
apply_clock_pause (ChessWindow *self)
{
  if (self->paused || self->clock_holds > 0)
    chess_clock_pause (self->clock);
  else
    chess_clock_resume (self->clock);
  /* The computer thinks only while the clock may run. */
  chess_window_computer_update (self);
}

gboolean
chess_window_get_can_play (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->playing && !self->paused && self->clock_holds == 0;
}

/* A person moves on their own turn only. */
static void
update_interactive (ChessWindow *self)
{
  gboolean moving = self->playing && !self->paused
                    && chess_window_computer_human_may_move (self);

  chess_board_view_set_interactive (self->board, moving);
  gtk_widget_set_sensitive (self->move_entry, moving);
}

static void
update_pause (ChessWindow *self)
{
  gboolean pausable = can_pause (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause", pausable || self->paused);
  gtk_widget_set_visible (self->pause_button, pausable || self->paused);
  gtk_widget_set_visible (self->pause_screen, self->paused);
  set_css_class (self->white_clock, "paused", self->paused);
  set_css_class (self->black_clock, "paused", self->paused);
}

gboolean
chess_window_get_paused (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->paused;
}

void
chess_window_set_paused (ChessWindow *self,
                         gboolean     paused)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  paused = !!paused;
  if (paused && !can_pause (self))
    paused = FALSE;
  if (self->paused == paused)
    return;
  self->paused = paused;
  apply_clock_pause (self);
  update_interactive (self);
  update_pause (self);
  update_status (self);
  if (!paused)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

static void
clock_released_cb (ChessWindow *self)
{
  g_return_if_fail (self->clock_holds > 0);
  self->clock_holds--;
  apply_clock_pause (self);
}

void
chess_window_hold_clock (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  self->clock_holds++;
  apply_clock_pause (self);
}

void
chess_window_release_clock (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  clock_released_cb (self);
}

void
chess_window_hold_clock_for (ChessWindow *self,
                             GtkWidget   *dialog)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (dialog));

  self->clock_holds++;
  apply_clock_pause (self);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (clock_released_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
update_all (ChessWindow *self)
{
  update_interactive (self);
  update_title (self);
  update_pause (self);
  update_players (self);
  chess_window_update_clocks (self);
  update_material (self);
  update_overlays (self);
  update_orientation (self);
  update_status (self);
}

void
chess_window_refresh_turn (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  if (self->game != NULL)
    update_all (self);
}

/* ---- Autosave and game end ---- */

static void
autosave (ChessWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!chess_game_autosave (self->game, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"),
                                               error->message);

      chess_window_show_message (self, text);
    }
}

/* Results as players write them: 1–0, 0–1, ½–½. */
static const char *
result_as_written (ChessGameResult result)
{
  switch (result)
    {
    case CHESS_GAME_RESULT_WHITE_WINS: return "1\u20130";
    case CHESS_GAME_RESULT_BLACK_WINS: return "0\u20131";
    case CHESS_GAME_RESULT_DRAW: return "\u00bd\u2013\u00bd";
    case CHESS_GAME_RESULT_ONGOING:
    default: return "";
    }
}

static void
show_result (ChessWindow *self)
{
  g_autofree char *text = chess_game_describe_result (self->game);

  gtk_label_set_text (GTK_LABEL (self->result_label), text);
  gtk_label_set_text (GTK_LABEL (self->result_score),
                      result_as_written (chess_game_get_result (self->game)));
  gtk_widget_set_visible (self->start_screen, FALSE);
  gtk_widget_set_visible (self->result_screen, TRUE);
}

static void
game_moved_cb (ChessWindow *self)
{
  clear_message (self);
  /* A move that ends the game is followed by "game-over", which refreshes
   * and saves once, with the result. */
  if (chess_game_is_over (self->game))
    return;
  update_all (self);
  autosave (self);
}

static void
game_over_cb (ChessWindow *self)
{
  clear_message (self);
  chess_window_set_paused (self, FALSE);
  update_all (self);
  show_result (self);
  autosave (self);
}

static void
game_taken_back_cb (ChessWindow *self)
{
  clear_message (self);
  update_all (self);
  autosave (self);
}

static void
game_reset_cb (ChessWindow *self)
{
  clear_message (self);
  update_all (self);
  if (chess_game_is_over (self->game))
    show_result (self);
  autosave (self);
}

/* A variation, comment, NAG, arrow or circle: kept like a move. */
static void
game_tree_changed_cb (ChessWindow *self)
{
  autosave (self);
}

/* Another line of the tree is followed: the position and the panel. */
static void
game_line_changed_cb (ChessWindow *self)
{
  clear_message (self);
  update_all (self);
}

/* While a move is being thought about, the game is autosaved now and
 * then, so that even a crash loses little of its clock time. */
#define CLOCK_AUTOSAVE_US (10 * G_USEC_PER_SEC)

static void
clock_changed_cb (ChessWindow *self)
{
  gint64 now = g_get_monotonic_time ();

  chess_window_update_clocks (self);
  if (!chess_clock_is_running (self->clock))
    return;
  if (self->clock_saved_us == 0)
    self->clock_saved_us = now;
  else if (now - self->clock_saved_us > CLOCK_AUTOSAVE_US)
    {
      self->clock_saved_us = now;
      if (chess_game_get_move_count (self->game) > 0)
        autosave (self);
    }
}

static void
view_changed_cb (ChessWindow *self)
{
  clear_message (self);
  update_all (self);
}

/* Shows `game` without saving it. */
static void
attach_game (ChessWindow *self,
             ChessGame   *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->game, game);
  g_set_object (&self->clock, chess_game_get_clock (game));
  clear_message (self);
  /* A new game is not paused, but an open dialog still holds its clock. */
  if (self->paused)
    {
      self->paused = FALSE;
      update_interactive (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
    }
  apply_clock_pause (self);

  g_signal_connect_swapped (game, "moved", G_CALLBACK (game_moved_cb), self);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect_swapped (game, "taken-back", G_CALLBACK (game_taken_back_cb), self);
  g_signal_connect_swapped (game, "reset", G_CALLBACK (game_reset_cb), self);
  g_signal_connect_swapped (game, "tree-changed", G_CALLBACK (game_tree_changed_cb), self);
  g_signal_connect_swapped (game, "line-changed", G_CALLBACK (game_line_changed_cb), self);
  g_signal_connect_swapped (game, "notify::view-ply", G_CALLBACK (view_changed_cb), self);
  g_signal_connect_swapped (game, "notify::draw-offered", G_CALLBACK (update_status), self);
  g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (clock_changed_cb), self);
  g_signal_connect_swapped (self->clock, "notify::running", G_CALLBACK (clock_changed_cb), self);
  g_signal_connect_swapped (self->clock, "notify::active-color", G_CALLBACK (clock_changed_cb), self);

  chess_board_view_set_game (self->board, game);
  chess_move_list_view_set_game (self->move_list, game);
  chess_review_panel_set_game (self->review_panel, game);
  gtk_widget_set_visible (self->result_screen, FALSE);
  update_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
set_playing (ChessWindow *self,
             gboolean     playing)
{
  self->playing = playing;
  update_interactive (self);
  chess_window_computer_update (self);
}

ChessGame *
chess_window_get_game (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->game;
}

void
chess_window_set_game (ChessWindow *self,
                       ChessGame   *game)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (CHESS_IS_GAME (game));

  attach_game (self, game);
  gtk_widget_set_visible (self->start_screen, FALSE);
  set_playing (self, TRUE);
  if (chess_game_is_over (game))
    show_result (self);
  autosave (self);
}

void
chess_window_open_game (ChessWindow *self,
                        ChessGame   *game)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (CHESS_IS_GAME (game));

  attach_game (self, game);
  gtk_widget_set_visible (self->start_screen, FALSE);
  set_playing (self, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* A fresh game as the new-game settings describe it. */
static ChessGame *
create_game (ChessWindow *self)
{
  ChessGame *game = chess_game_new ();
  int minutes = g_settings_get_int (self->settings, "time-minutes");
  int increment = g_settings_get_int (self->settings, "time-increment");
  int delay = g_settings_get_int (self->settings, "time-delay");

  /* The players' names, and which of them the computer plays. */
  chess_window_computer_prepare_game (self->settings, game);
  if (minutes > 0)
    {
      ChessClockMode mode = delay > 0 ? CHESS_CLOCK_BRONSTEIN
                            : increment > 0 ? CHESS_CLOCK_FISCHER : CHESS_CLOCK_SUDDEN_DEATH;

      chess_game_set_time_control (game, mode, (gint64) minutes * 60000,
                                   (gint64) (delay > 0 ? delay : increment) * 1000);
    }
  return game;
}

void
chess_window_new_game (ChessWindow *self)
{
  g_autoptr(ChessGame) game = NULL;

  g_return_if_fail (CHESS_IS_WINDOW (self));

  game = create_game (self);
  self->user_flip = FALSE;
  chess_window_set_game (self, game);
}

ChessBoardView *
chess_window_get_board (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->board;
}

void
chess_window_flip (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  self->user_flip = !self->user_flip;
  update_orientation (self);
}

gboolean
chess_window_get_flipped (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->flipped;
}

GSettings *
chess_window_get_settings (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->settings;
}

/* ---- Template callbacks ---- */

static void
board_refused_cb (ChessWindow *self,
                  const char  *message)
{
  chess_window_show_message (self, message);
}

static void
move_entry_activate_cb (ChessWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->move_entry))));

  if (*text == '\0')
    return;
  /* Moves are played at the live position only. */
  if (!chess_game_is_viewing_live (self->game))
    chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
  if (chess_game_play (self->game, text, &error))
    gtk_editable_set_text (GTK_EDITABLE (self->move_entry), "");
  else
    {
      chess_window_show_message (self, error->message);
      gtk_editable_select_region (GTK_EDITABLE (self->move_entry), 0, -1);
    }
  gtk_widget_grab_focus (self->move_entry);
}

static void
continue_clicked_cb (ChessWindow *self)
{
  gtk_widget_set_visible (self->start_screen, FALSE);
  set_playing (self, TRUE);
  chess_game_start_clock (self->game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
new_game_clicked_cb (ChessWindow *self)
{
  /* The new-game dialog when there is one (win.new-game), else straight. */
  if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL))
    chess_window_new_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
result_view_clicked_cb (ChessWindow *self)
{
  gtk_widget_set_visible (self->result_screen, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
resume_clicked_cb (ChessWindow *self)
{
  chess_window_set_paused (self, FALSE);
}

static void
past_return_clicked_cb (ChessWindow *self)
{
  chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* ---- Settings ---- */

static void
notation_changed_cb (ChessWindow *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (self->settings, "notation");

  chess_move_list_view_set_notation (self->move_list,
                                     notations[MIN (n, G_N_ELEMENTS (notations) - 1)]);
}

/* The captured pieces lie on the board's colours. */
static void
board_theme_changed_cb (ChessWindow *self)
{
  g_autofree char *theme = g_settings_get_string (self->settings, "board-theme");
  GdkRGBA light, dark;

  chess_board_view_get_theme_colors (theme, &light, &dark);
  chess_captured_view_set_colors (self->captured_by_white, &light, &dark);
  chess_captured_view_set_colors (self->captured_by_black, &light, &dark);
}

static void
piece_set_changed_cb (ChessWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "piece-set");

  chess_captured_view_set_piece_set (self->captured_by_white, name);
  chess_captured_view_set_piece_set (self->captured_by_black, name);
}

void
chess_window_keep_game (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  /* Quitting in the middle of a move keeps the time already used on it. */
  if (self->game != NULL && chess_game_get_move_count (self->game) > 0
      && !chess_game_is_over (self->game))
    autosave (self);
}

static gboolean
close_request_cb (ChessWindow *self)
{
  int width, height;

  chess_window_keep_game (self);

  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
    }
  return FALSE;
}

static void
map_trace_cb (ChessWindow *self)
{
  if (!self->trace_mapped)
    g_printerr ("thinkchess-trace: window-mapped %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  self->trace_mapped = TRUE;
}

/* ---- GObject ---- */

static void
chess_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ChessWindow *self = CHESS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ChessWindow *self = CHESS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      chess_window_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_window_dispose (GObject *object)
{
  ChessWindow *self = CHESS_WINDOW (object);

  /* First: the engines stop before the game and the board go. */
  chess_window_analysis_dispose (self);
  /* Stops the computer first: no reply lands on a window going away. */
  chess_window_computer_dispose (self);
  chess_window_actions_dispose (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  /* No gtk_widget_dispose_template: GtkWindow unparents its child and
   * titlebar itself, and in GTK 4.8 disposing the template first makes it
   * unparent the header bar twice. */
  /* A window kept alive after closing hears no more setting changes. */
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_signal_handlers_disconnect_by_data (gtk_widget_get_settings (GTK_WIDGET (self)), self);
  g_clear_object (&self->clock);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chess_window_parent_class)->dispose (object);
}

static void
chess_window_finalize (GObject *object)
{
  ChessWindow *self = CHESS_WINDOW (object);

  g_free (self->status_text);
  g_free (self->message);
  g_free (self->document_name);

  G_OBJECT_CLASS (chess_window_parent_class)->finalize (object);
}

static void
chess_window_class_init (ChessWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = chess_window_get_property;
  object_class->set_property = chess_window_set_property;
  object_class->dispose = chess_window_dispose;
  object_class->finalize = chess_window_finalize;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHESS_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CHESS_TYPE_ADAPTIVE_BOX);
  g_type_ensure (CHESS_TYPE_BOARD_VIEW);
  g_type_ensure (CHESS_TYPE_CAPTURED_VIEW);
  g_type_ensure (CHESS_TYPE_MOVE_LIST_VIEW);
  g_type_ensure (CHESS_TYPE_REVIEW_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/chess-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, pause_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, resume_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, layout_box);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, board_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, board);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_subtitle);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_new_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_score);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_new_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_row);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_name);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_marker);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_clock);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_row);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_name);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_marker);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_clock);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, captured_by_black);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, captured_by_white);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, eval_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, analysis_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, review_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, game_info);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, past_return_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, move_entry);
  gtk_widget_class_bind_template_callback (widget_class, move_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, continue_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_game_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_view_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, past_return_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, resume_clicked_cb);
  /* A toggle in the menu and the header bar, Ctrl+P. */
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");

  chess_window_actions_class_init (widget_class);
  chess_window_analysis_class_init (widget_class);
  chess_window_review_class_init (widget_class);
}

static void
chess_window_init (ChessWindow *self)
{
  g_autoptr(ChessGame) game = NULL;
  gboolean resume = FALSE;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  if (g_getenv ("THINKCHESS_TRACE") != NULL)
    g_signal_connect (self, "map", G_CALLBACK (map_trace_cb), NULL);

  /* The display preferences apply live. */
  g_settings_bind (self->settings, "show-coordinates", self->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-legal-moves", self->board, "show-legal-moves",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animate-moves", self->board, "animate",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-theme", self->board, "theme",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "piece-set", self->board, "piece-set",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->settings, "changed::notation",
                            G_CALLBACK (notation_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::piece-set",
                            G_CALLBACK (piece_set_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::board-orientation",
                            G_CALLBACK (update_orientation), self);
  g_signal_connect_swapped (self->settings, "changed::board-theme",
                            G_CALLBACK (board_theme_changed_cb), self);
  notation_changed_cb (self);
  piece_set_changed_cb (self);
  board_theme_changed_cb (self);

  g_signal_connect_swapped (self->board, "refused", G_CALLBACK (board_refused_cb), self);

  fix_status_height (self);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-font-name",
                           G_CALLBACK (fix_status_height), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (fix_status_height), self, G_CONNECT_SWAPPED);

  /* The bar shows the material from White's side: no low/high colours. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_FULL);

  /* An unfinished last game is offered on the start screen; otherwise the
   * window opens on a fresh board, ready to play. */
  if (chess_game_autosave_is_unfinished ())
    {
      g_autoptr(GError) error = NULL;

      game = chess_game_load_autosave (&error);
      if (game == NULL)
        g_debug ("The last game could not be loaded: %s", error->message);
      resume = game != NULL;
    }
  if (game == NULL)
    game = create_game (self);
  attach_game (self, game);
  gtk_widget_set_visible (self->start_screen, resume);
  set_playing (self, !resume);

  chess_window_actions_init (self);
  chess_window_computer_init (self);
  chess_window_analysis_init (self);
  chess_window_review_init (self);
}

ChessWindow *
chess_window_new (GtkApplication *app)
{
  return g_object_new (CHESS_TYPE_WINDOW, "application", app, NULL);
}
