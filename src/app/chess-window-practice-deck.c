/* chess-window-practice-deck.c — Your Mistakes from the window's reviews:
 * when a review of the game on screen is complete, the positions before
 * the person's own mistakes and blunders go into their practice deck.
 * Against the computer the person's side is known; in other games (two
 * people, a file) the person says which moves were theirs in a row under
 * the review ("These are my moves: White / Black"), none at first. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-review-panel.h"
#include "chess-window-computer.h"
#include "chess-window-practice.h"
#include "chess-window-private.h"

typedef struct _ChessWindowDeck
{
  ChessWindow      *window;   /* borrowed: it owns the deck */
  ChessReviewPanel *panel;    /* borrowed (template) */
  GtkWidget        *row;      /* borrowed (in the side panel) */
  GtkWidget        *white;
  GtkWidget        *black;
  gboolean          setting;  /* the toggles set here, not by the person */
} Deck;

/* The person's side in a game against the computer; FALSE otherwise. */
static gboolean
person_against_computer (ChessWindow *window,
                         ChessColor  *side)
{
  gboolean white_computer = _chess_window_computer_get_player (window, CHESS_COLOR_WHITE) != NULL;
  gboolean black_computer = _chess_window_computer_get_player (window, CHESS_COLOR_BLACK) != NULL;

  if (white_computer == black_computer)
    return FALSE;
  *side = white_computer ? CHESS_COLOR_BLACK : CHESS_COLOR_WHITE;
  return TRUE;
}

/* "Kasparov – Karpov, 1985": where a mistake came from. */
static char *
describe_game (ChessGame *game)
{
  const char *date = chess_game_get_tag (game, "Date");
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%s \u2013 %s",
                          chess_game_get_player_display_name (game, CHESS_COLOR_WHITE),
                          chess_game_get_player_display_name (game, CHESS_COLOR_BLACK));
  if (date != NULL && g_ascii_isdigit (date[0]) && strlen (date) >= 4)
    g_string_append_printf (text, ", %.4s", date);
  return g_string_free (text, FALSE);
}

/* Said at once, before the review's own "Review finished" that may wait
 * its turn: this is what the person just did. */
static void
show_notice_now (Deck       *self,
                 const char *text)
{
  AdwToastOverlay *overlay = self->window->toast_overlay;
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 3);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (overlay, toast);
}

static ChessReview *
complete_review (Deck *self)
{
  ChessReview *review = chess_review_panel_get_review (self->panel);

  if (review == NULL || chess_review_panel_is_running (self->panel)
      || !chess_review_is_complete (review))
    return NULL;
  return review;
}

static void
add_mistakes (Deck       *self,
              ChessColor  side,
              gboolean    say_none)
{
  ChessReview *review = complete_review (self);
  ChessPractice *practice;
  g_autofree char *source = NULL;
  g_autofree char *notice = NULL;
  guint added;

  if (review == NULL)
    return;
  practice = _chess_window_practice_ensure (self->window, TRUE);
  if (practice == NULL)
    return;
  source = describe_game (chess_window_get_game (self->window));
  added = chess_practice_add_mistakes (practice,
                                       chess_game_get_tree (chess_window_get_game (self->window)),
                                       side, source,
                                       g_get_real_time () / G_USEC_PER_SEC);
  if (added > 0)
    {
      _chess_window_practice_save (self->window);
      /* Translators: positions before the player's mistakes, kept for practice. */
      notice = g_strdup_printf (ngettext ("%u position added to Your Mistakes",
                                          "%u positions added to Your Mistakes", added),
                                added);
    }
  else if (say_none)
    notice = g_strdup (_("No new positions for Your Mistakes"));
  if (notice != NULL)
    show_notice_now (self, notice);
}

static void
set_choice (Deck     *self,
            gboolean  white,
            gboolean  black)
{
  self->setting = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->white), white);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->black), black);
  self->setting = FALSE;
}

/* The row asks only when a complete review has no known person. */
static void
update_row (Deck *self)
{
  ChessColor side;

  gtk_widget_set_visible (self->row, complete_review (self) != NULL
                                     && !person_against_computer (self->window, &side));
}

static void
side_toggled_cb (GtkToggleButton *button,
                 Deck            *self)
{
  gboolean white;

  if (self->setting || !gtk_toggle_button_get_active (button))
    return;
  white = GTK_WIDGET (button) == self->white;
  /* One side at a time, as a pair of radio buttons. */
  set_choice (self, white, !white);
  add_mistakes (self, white ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK, TRUE);
}

static void
running_changed_cb (Deck *self)
{
  ChessColor side;

  if (chess_review_panel_is_running (self->panel))
    {
      set_choice (self, FALSE, FALSE);
      update_row (self);
      return;
    }
  update_row (self);
  if (complete_review (self) == NULL)
    return;
  if (person_against_computer (self->window, &side))
    add_mistakes (self, side, FALSE);
  else if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->white)))
    add_mistakes (self, CHESS_COLOR_WHITE, FALSE);
  else if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->black)))
    add_mistakes (self, CHESS_COLOR_BLACK, FALSE);
}

static void
game_changed_cb (Deck *self)
{
  set_choice (self, FALSE, FALSE);
  update_row (self);
}

static GtkWidget *
make_row (Deck *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (_("These are my moves:"));
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (row, "mistakes-side-row");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (buttons, "linked");
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  self->white = gtk_toggle_button_new_with_label (_("White"));
  self->black = gtk_toggle_button_new_with_label (_("Black"));
  gtk_widget_set_tooltip_text (self->white, _("Add White’s mistakes to Your Mistakes"));
  gtk_widget_set_tooltip_text (self->black, _("Add Black’s mistakes to Your Mistakes"));
  gtk_box_append (GTK_BOX (buttons), self->white);
  gtk_box_append (GTK_BOX (buttons), self->black);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), buttons);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (buttons),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  g_signal_connect (self->white, "toggled", G_CALLBACK (side_toggled_cb), self);
  g_signal_connect (self->black, "toggled", G_CALLBACK (side_toggled_cb), self);
  gtk_widget_set_visible (row, FALSE);
  return row;
}

void
_chess_window_practice_deck_init (ChessWindow *window)
{
  Deck *self = g_new0 (Deck, 1);

  self->window = window;
  self->panel = window->review_panel;
  self->row = make_row (self);
  gtk_widget_set_name (self->row, "mistakes_side_row");
  /* Under the review's summary, above the move list. */
  gtk_box_insert_child_after (GTK_BOX (window->side_panel), self->row, GTK_WIDGET (self->panel));
  window->deck = self;
  g_signal_connect_swapped (self->panel, "notify::running", G_CALLBACK (running_changed_cb), self);
  g_signal_connect_swapped (window, "notify::game", G_CALLBACK (game_changed_cb), self);
}

void
_chess_window_practice_deck_dispose (ChessWindow *window)
{
  Deck *self = window->deck;

  if (self == NULL)
    return;
  /* A review cancelled while the window goes finds no deck. */
  g_signal_handlers_disconnect_by_data (self->panel, self);
  g_signal_handlers_disconnect_by_data (window, self);
  g_clear_pointer (&window->deck, g_free);
}
