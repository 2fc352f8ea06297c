/* chess-window-panel.c — what the main window shows of its game: the
 * status line, the side panel (players, clocks, material and captured
 * pieces, the game's header) and the header bar's title. Everything here
 * is redrawn from the game; nothing here changes it. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-adaptive-box.h"
#include "chess-window-computer.h"
#include "chess-window-practice.h"
#include "chess-window-private.h"

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
  ChessColor offered_by;

  if (!chess_game_is_viewing_live (game))
    return describe_viewing (self);
  if (chess_game_is_over (game))
    return _chess_window_describe_result (self);

  if (chess_game_get_draw_offered (game, &offered_by))
    /* Translators: %s is the name of the player who was offered a draw
     * and has not answered yet, e.g. "ThinkChess (Beginner)". */
    turn = g_strdup_printf (_("%s is considering the draw offer…"),
                            chess_game_get_player_display_name (game, chess_color_other (offered_by)));
  else if (_chess_window_computer_is_thinking (self))
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

void
_chess_window_update_status (ChessWindow *self)
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
  _chess_window_set_css_class (self->status_label, "past", !chess_game_is_viewing_live (self->game));
}

/* The next action (a move, a take-back, browsing, another game) replaces
 * a refusal with the game's status. */
void
_chess_window_clear_message (ChessWindow *self)
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

/* ---- The side panel and the header bar ---- */

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
      _chess_window_set_css_class (label, "low-time", timed && ms < 10000);
      _chess_window_set_css_class (label, "running", running && (ChessColor) c == active);
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
  _chess_window_set_css_class (self->white_row, "active", !over && side == CHESS_COLOR_WHITE);
  _chess_window_set_css_class (self->black_row, "active", !over && side == CHESS_COLOR_BLACK);
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
void
_chess_window_update_orientation (ChessWindow *self)
{
  gboolean flipped = FALSE;
  GtkWidget *top, *bottom;
  ChessColor solver;

  /* A puzzle is solved from the bottom of the board. */
  if (_chess_window_practice_get_solver (self, &solver))
    flipped = solver == CHESS_COLOR_BLACK;
  else switch (g_settings_get_enum (self->settings, "board-orientation"))
    {
    case 1: /* black */
      flipped = TRUE;
      break;
    case 2: /* side to move */
      flipped = chess_game_get_side_to_move (self->game) == CHESS_COLOR_BLACK;
      break;
    case 3: /* the human's side: Black when only White is the computer's */
      flipped = _chess_window_computer_get_player (self, CHESS_COLOR_WHITE) != NULL
                && _chess_window_computer_get_player (self, CHESS_COLOR_BLACK) == NULL;
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
      g_object_notify_by_pspec (G_OBJECT (self), chess_window_properties[PROP_FLIPPED]);
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
 * players' ratings. Games played here have none and show nothing. While
 * a review shows, it gives its rows to the move list: the review names the
 * players, and the header bar the event. */
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
  gtk_widget_set_visible (self->game_info,
                          *text != '\0' && !gtk_widget_get_visible (GTK_WIDGET (self->review_panel)));
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

  g_autofree char *window_title = NULL;
  const char *name;
  g_autofree char *players = NULL;

  if (self->document_name != NULL)
    name = self->document_name;
  else if (white != NULL || black != NULL)
    /* Translators: the header bar's title: White's and Black's names. */
    name = players = g_strdup_printf (_("%s – %s"),
                                      chess_game_get_player_display_name (self->game, CHESS_COLOR_WHITE),
                                      chess_game_get_player_display_name (self->game, CHESS_COLOR_BLACK));
  else
    name = NULL;
  /* The unsaved mark is for a file; a game not from one is kept by the
   * autosave anyway. */
  if (self->document_name != NULL && self->document_unsaved)
    title = g_strdup_printf ("*%s", name);
  else
    title = g_strdup (name != NULL ? name : _("ThinkChess"));
  if (name != NULL)
    /* Translators: the window's title (window list, Alt+Tab): the header
     * bar's title, then the app's name. */
    window_title = g_strdup_printf (_("%s – ThinkChess"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title != NULL ? window_title : title);

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
                                const char  *name,
                                gboolean     unsaved)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  if (g_strcmp0 (self->document_name, name) == 0 && self->document_unsaved == !!unsaved)
    return;
  g_free (self->document_name);
  self->document_name = g_strdup (name);
  self->document_unsaved = !!unsaved;
  update_title (self);
}

void
_chess_window_update_all (ChessWindow *self)
{
  _chess_window_update_interactive (self);
  update_title (self);
  _chess_window_update_pause (self);
  update_players (self);
  chess_window_update_clocks (self);
  update_material (self);
  update_overlays (self);
  _chess_window_update_orientation (self);
  _chess_window_update_status (self);
}

void
chess_window_refresh_turn (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  if (self->game != NULL)
    _chess_window_update_all (self);
}

void
_chess_window_panel_init (ChessWindow *self)
{
  fix_status_height (self);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-font-name",
                           G_CALLBACK (fix_status_height), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (fix_status_height), self, G_CONNECT_SWAPPED);

  /* The bar shows the material from White's side: no low/high colours. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->eval_bar), GTK_LEVEL_BAR_OFFSET_FULL);

  g_signal_connect_object (self->review_panel, "notify::visible",
                           G_CALLBACK (update_game_info), self, G_CONNECT_SWAPPED);
}
