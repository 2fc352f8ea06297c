/* chess-window-actions-play.c — the window's actions on the game being
 * played: take-back and redo, draw offers and claims, resignation,
 * turning the board round, and the position (FEN) or a game (PGN) through
 * the clipboard.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-alerts.h"
#include "chess-draw-offer.h"
#include "chess-window-actions-private.h"
#include "chess-window-computer.h"

/* ---- Moves ---- */

/* In a game being studied (opened from a file, or finished) Undo and Redo
 * step through its moves like ← and →: its moves are never deleted. */
static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ChessGame *game = chess_window_get_game (CHESS_WINDOW (widget));

  if (chess_game_is_study (game))
    {
      if (chess_game_get_view_ply (game) > 0)
        chess_game_set_view_ply (game, chess_game_get_view_ply (game) - 1);
      return;
    }
  /* Against the computer, the move pair. */
  _chess_window_computer_take_back (CHESS_WINDOW (widget));
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ChessGame *game = chess_window_get_game (CHESS_WINDOW (widget));

  if (chess_game_is_study (game))
    {
      if (chess_game_get_view_ply (game) < chess_game_get_move_count (game))
        chess_game_set_view_ply (game, chess_game_get_view_ply (game) + 1);
      return;
    }
  _chess_window_computer_redo (CHESS_WINDOW (widget));
}

/* ---- Draws and resignation ---- */

/* A question about one player's move in one game: the answer applies to
 * the game it was asked in. */
typedef struct
{
  ChessWindow *window;   /* owned */
  ChessGame   *game;     /* owned */
  ChessColor   side;     /* who offers the draw, or resigns */
} GameQuestion;

static GameQuestion *
game_question_new (ChessWindow *window,
                   ChessGame   *game)
{
  GameQuestion *question = g_new0 (GameQuestion, 1);

  question->window = g_object_ref (window);
  question->game = g_object_ref (game);
  question->side = chess_game_get_side_to_move (game);
  return question;
}

static void
game_question_free (GameQuestion *question)
{
  g_object_unref (question->window);
  g_object_unref (question->game);
  g_free (question);
}

static void
draw_offer_answered_cb (int      response,
                        gpointer user_data)
{
  GameQuestion *offer = user_data;
  ChessWindowActions *self = offer->window->actions;

  if (self != NULL)
    g_clear_object (&self->draw_offer);

  if (chess_game_get_draw_offered (offer->game, NULL))
    {
      if (response == CHESS_DRAW_OFFER_ACCEPT)
        chess_game_agree_draw (offer->game);
      else
        chess_game_decline_draw (offer->game);
    }

  game_question_free (offer);
}

/* An offer to the computer, judged by a search (chess-draw-offer.h)
 * while the window goes on; the game shows the offer meanwhile. */
typedef struct
{
  GameQuestion *question;
  GCancellable *cancellable;   /* the window's draw_offer when it was made */
  ChessColor    computer;
} ComputerOffer;

static void
computer_offer_free (ComputerOffer *offer)
{
  game_question_free (offer->question);
  g_object_unref (offer->cancellable);
  g_free (offer);
}

static void
computer_judged_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  ComputerOffer *offer = user_data;
  ChessGame *game = offer->question->game;
  ChessWindowActions *self = offer->question->window->actions;
  g_autoptr(GError) error = NULL;
  g_autofree char *notice = NULL;
  gboolean accepts = FALSE;

  if (self != NULL && self->draw_offer == offer->cancellable)
    g_clear_object (&self->draw_offer);
  /* A move, a take-back, another game or the window's end came first:
   * the offer went with it. */
  if (!chess_draw_offer_judge_finish (result, &accepts, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      computer_offer_free (offer);
      return;
    }
  if (error != NULL)
    g_debug ("The draw offer was not judged: %s", error->message);
  if (self != NULL && chess_game_get_draw_offered (game, NULL))
    {
      if (accepts)
        chess_game_agree_draw (game);
      else
        {
          chess_game_decline_draw (game);
          /* Translators: %s is an engine's name. */
          notice = g_strdup_printf (_("%s declines the draw."),
                                    chess_game_get_player_display_name (game, offer->computer));
          chess_window_show_notice (offer->question->window, notice);
        }
    }
  computer_offer_free (offer);
}

/* A person facing the computer offers it a draw: it answers for itself,
 * on a search of the position, whatever its level. FALSE when the offer
 * is not the computer's to answer. */
static gboolean
offer_draw_to_computer (ChessWindowActions *self,
                        ChessColor          by)
{
  ChessColor computer = chess_color_other (by);
  ComputerOffer *offer;

  if (_chess_window_computer_get_player (self->window, computer) == NULL
      || _chess_window_computer_get_player (self->window, by) != NULL)
    return FALSE;
  offer = g_new0 (ComputerOffer, 1);
  offer->question = game_question_new (self->window, self->game);
  offer->question->side = by;
  offer->computer = computer;
  self->draw_offer = g_cancellable_new ();
  offer->cancellable = g_object_ref (self->draw_offer);
  g_auto (ChessLine) line = { 0 };

  chess_game_offer_draw (self->game, by);
  chess_game_copy_line (self->game, &line);
  chess_draw_offer_judge_async (&line, computer,
                                offer->cancellable, computer_judged_cb, offer);
  return TRUE;
}

static void
offer_draw_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  ChessWindowActions *self = window->actions;
  ChessGame *game = self->game;
  ChessColor to_move = chess_game_get_side_to_move (game);
  GameQuestion *offer;

  /* An offer that went with a move may still be ending its search. */
  if (self->draw_offer != NULL && g_cancellable_is_cancelled (self->draw_offer))
    g_clear_object (&self->draw_offer);
  if (chess_game_is_over (game) || self->draw_offer != NULL)
    return;
  if (offer_draw_to_computer (self, to_move)
      || offer_draw_to_computer (self, chess_color_other (to_move)))
    return;

  offer = game_question_new (window, game);
  self->draw_offer = g_cancellable_new ();
  chess_game_offer_draw (game, offer->side);
  chess_alert_draw_offer (GTK_WINDOW (window),
                          chess_game_get_player_display_name (game, offer->side),
                          chess_game_get_player_display_name (game, chess_color_other (offer->side)),
                          self->draw_offer, draw_offer_answered_cb, offer);
}

static void
claim_draw_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!chess_game_claim_draw (chess_window_get_game (window), &error))
    chess_window_show_message (window, error->message);
}

static void
resign_answered_cb (int      response,
                    gpointer user_data)
{
  GameQuestion *resignation = user_data;

  if (response == CHESS_RESIGN_CONFIRM)
    chess_game_resign (resignation->game, resignation->side);

  game_question_free (resignation);
}

static void
resign_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  ChessGame *game = chess_window_get_game (window);
  GameQuestion *resignation;

  if (chess_game_is_over (game))
    return;

  /* Two people at one board: the one to move resigns; against the
   * computer, the person. */
  resignation = game_question_new (window, game);
  resignation->side = _chess_window_computer_resigning_side (window);
  chess_alert_resign (GTK_WINDOW (window),
                      /* Against the computer, the question is to the person. */
                      _chess_window_computer_get_player (window, chess_color_other (resignation->side)) != NULL
                      ? NULL : chess_game_get_player_display_name (game, resignation->side),
                      chess_game_get_player_display_name (game, chess_color_other (resignation->side)),
                      resign_answered_cb, resignation);
}

/* ---- Board and FEN ---- */

static void
flip_board_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  chess_window_flip (CHESS_WINDOW (widget));
}

static void
copy_fen_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ChessGame *game = chess_window_get_game (CHESS_WINDOW (widget));
  ChessBoard board;
  char fen[CHESS_FEN_MAX];

  /* The position on the board, also while looking at an earlier move. */
  if (!chess_game_get_board_at (game, chess_game_get_view_ply (game), &board))
    board = *chess_game_get_board (game);
  chess_board_to_fen (&board, fen);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  chess_window_show_notice (CHESS_WINDOW (widget), _("Position copied as FEN"));
}

typedef struct
{
  ChessWindow *window;   /* owned */
  char        *fen;      /* a position, or …    */
  ChessGame   *game;     /* … a game (owned)    */
} PasteRequest;

static void
paste_confirmed (ChessWindow *window,
                 gboolean     proceed,
                 gpointer     user_data)
{
  PasteRequest *request = user_data;
  ChessWindowActions *self = window->actions;
  g_autoptr(GError) error = NULL;

  if (proceed && self != NULL && request->game != NULL)
    {
      /* Shown as an opened game is: from its end, for study. */
      chess_window_open_game (window, request->game);
      _chess_window_actions_state_adopt_game (self, NULL, 0);
      if (chess_game_get_load_problem (request->game) != NULL)
        _chess_window_actions_state_show_load_problem (self, NULL, request->game);
    }
  else if (proceed && self != NULL)
    {
      if (chess_game_set_fen (chess_window_get_game (window), request->fen, &error))
        _chess_window_actions_state_adopt_game (self, NULL, 0);
      else
        chess_alert_error (GTK_WINDOW (window), _("Position Not Pasted"),
                           error->message, NULL, NULL);
    }

  g_object_unref (request->window);
  g_free (request->fen);
  g_clear_object (&request->game);
  g_free (request);
}

/* Whether pasted text that is neither a valid position nor a game was
 * meant as a position: a first word with slashes between ranks (no word a
 * game starts with has one, but the draw's "1/2-1/2"). */
static gboolean
looks_like_fen (const char *text)
{
  gsize length = strcspn (text, " \t\r\n");

  return memchr (text, '/', length) != NULL && !g_str_has_prefix (text, "1/2-1/2");
}

/* The game in `text` (PGN: tags and moves, or just moves such as
 * "1. e4 e5 2. Nf3"), read as leniently as an opened file; NULL with the
 * error when there is none. */
static ChessGame *
game_from_pgn_text (const char  *text,
                    GError     **error)
{
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(ChessGame) game = NULL;

  pgn = chess_pgn_parse_game_lenient (text, strlen (text), 1, error);
  if (pgn == NULL)
    return NULL;
  game = chess_game_new ();
  if (!chess_game_load_pgn (game, pgn, error))
    return NULL;
  if (chess_game_get_move_count (game) == 0 && chess_game_get_load_problem (game) != NULL)
    {
      /* Nothing of it could be read: not a game at all. */
      g_set_error_literal (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_SYNTAX,
                           chess_game_get_load_problem (game)->message);
      return NULL;
    }
  chess_game_set_view_ply (game, chess_game_get_move_count (game));
  return g_steal_pointer (&game);
}

/* Checks the text first: a position (FEN) or a game (PGN) that cannot be
 * read is reported and changes nothing; one that can replaces the game
 * once unsaved changes are dealt with. */
void
_chess_window_actions_paste (ChessWindow *window,
                             const char  *text)
{
  g_autoptr(GError) fen_error = NULL;
  g_autoptr(GError) pgn_error = NULL;
  g_autofree char *stripped = NULL;
  g_autoptr(ChessGame) game = NULL;
  ChessBoard board;
  PasteRequest *request;

  g_return_if_fail (CHESS_IS_WINDOW (window));

  stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*stripped == '\0')
    {
      chess_alert_error (GTK_WINDOW (window), _("Nothing Pasted"),
                         _("The clipboard holds no text. Copy a position (FEN) or a game (PGN) first."),
                         NULL, NULL);
      return;
    }
  if (!chess_board_from_fen (&board, stripped, &fen_error))
    {
      game = looks_like_fen (stripped) ? NULL : game_from_pgn_text (stripped, &pgn_error);
      if (game == NULL)
        {
          g_autofree char *detail = NULL;

          if (pgn_error == NULL)
            /* Translators: the text pasted (cut short), then what is wrong
             * with it as a position. */
            detail = g_strdup_printf (_("The clipboard does not hold a valid position: “%.100s”\n%s"),
                                      stripped, fen_error->message);
          else
            /* Translators: the text pasted (cut short), then what is wrong
             * with it as a game in PGN. */
            detail = g_strdup_printf (_("The clipboard holds neither a position (FEN) nor a game (PGN): “%.100s”\n%s"),
                                      stripped, pgn_error->message);
          chess_alert_error (GTK_WINDOW (window),
                             pgn_error == NULL ? _("Position Not Pasted") : _("Nothing Pasted"),
                             detail, NULL, NULL);
          return;
        }
    }

  request = g_new0 (PasteRequest, 1);
  request->window = g_object_ref (window);
  if (game != NULL)
    request->game = g_steal_pointer (&game);
  else
    request->fen = g_steal_pointer (&stripped);
  chess_window_actions_check_unsaved (window, CHESS_UNSAVED_REPLACING, paste_confirmed, request);
}

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ChessWindow *window = user_data;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (window->actions != NULL)
    _chess_window_actions_paste (window, text);
  g_object_unref (window);
}

static void
paste_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 clipboard_read_cb, g_object_ref (widget));
}

void
_chess_window_actions_play_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.flip-board", NULL, flip_board_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_activated);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_activated);
}
