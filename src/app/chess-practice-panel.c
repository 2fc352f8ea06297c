/* chess-practice-panel.c — Practice's side panel: what it shows. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-practice-panel.h"
#include "chess-rating-graph.h"

struct _ChessPracticePanel
{
  GtkWidget         parent_instance;

  /* Template widgets */
  GtkWidget        *box;
  GtkWidget        *streak_label;
  GtkWidget        *rating_label;
  ChessRatingGraph *graph;
  GtkWidget        *theme_dropdown;
  GtkWidget        *puzzle_label;
  GtkWidget        *prompt_label;
  GtkWidget        *message_label;
  GtkWidget        *result_box;
  GtkWidget        *verdict_label;
  GtkWidget        *themes_label;
  GtkWidget        *why_label;
  GtkWidget        *solution_label;
  GtkWidget        *analyse_button;

  /* Owned */
  GtkStringList    *theme_names;
  guint             deck_due;
  gboolean          choosing;          /* set_theme, not the player */
};

G_DEFINE_FINAL_TYPE (ChessPracticePanel, chess_practice_panel, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_THEME_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The filter's choices, in the order shown. */
static const struct
{
  ChessPuzzleTheme theme;
  int              mate_in;
} themes[] = {
  { 0, 0 },
  { CHESS_PUZZLE_THEME_MISTAKE, 0 },
  { CHESS_PUZZLE_THEME_MATE, 0 },
  { CHESS_PUZZLE_THEME_MATE, 1 },
  { CHESS_PUZZLE_THEME_MATE, 2 },
  { CHESS_PUZZLE_THEME_MATE, 3 },
  { CHESS_PUZZLE_THEME_FORK, 0 },
  { CHESS_PUZZLE_THEME_PIN, 0 },
  { CHESS_PUZZLE_THEME_SKEWER, 0 },
  { CHESS_PUZZLE_THEME_DISCOVERED, 0 },
  { CHESS_PUZZLE_THEME_HANGING, 0 },
  { CHESS_PUZZLE_THEME_PROMOTION, 0 },
  { CHESS_PUZZLE_THEME_SACRIFICE, 0 },
  { CHESS_PUZZLE_THEME_MATERIAL, 0 },
  { CHESS_PUZZLE_THEME_ENDGAME, 0 },
};

#define MISTAKES_INDEX 1

static char *
theme_item_name (ChessPracticePanel *self,
                 guint               i)
{
  if (themes[i].theme == 0)
    /* Translators: the practice theme filter's first choice. */
    return g_strdup (_("All Themes"));
  if (themes[i].theme == CHESS_PUZZLE_THEME_MISTAKE)
    /* Translators: the practice theme filter's deck of the player's own
     * mistakes; %u is how many are due now. */
    return self->deck_due > 0 ? g_strdup_printf (_("Your Mistakes (%u)"), self->deck_due)
                              : g_strdup (_("Your Mistakes"));
  return chess_puzzle_theme_name (themes[i].theme, themes[i].mate_in);
}

static void
theme_selected_cb (ChessPracticePanel *self)
{
  if (!self->choosing)
    g_signal_emit (self, signals[SIGNAL_THEME_CHANGED], 0);
}

void
chess_practice_panel_get_theme (ChessPracticePanel *self,
                                ChessPuzzleTheme   *theme,
                                int                *mate_in)
{
  guint i;

  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->theme_dropdown));
  if (i >= G_N_ELEMENTS (themes))
    i = 0;
  *theme = themes[i].theme;
  *mate_in = themes[i].mate_in;
}

void
chess_practice_panel_set_theme (ChessPracticePanel *self,
                                ChessPuzzleTheme    theme,
                                int                 mate_in)
{
  guint chosen = 0;

  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (themes[i].theme == theme && themes[i].mate_in == mate_in)
      chosen = i;
  self->choosing = TRUE;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->theme_dropdown), chosen);
  self->choosing = FALSE;
}

void
chess_practice_panel_set_deck_due (ChessPracticePanel *self,
                                   guint               due)
{
  g_autofree char *name = NULL;
  const char *names[2] = { NULL, NULL };
  guint selected;

  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  if (self->deck_due == due)
    return;
  self->deck_due = due;
  name = theme_item_name (self, MISTAKES_INDEX);
  names[0] = name;
  /* Replacing the item may move the selection: it is put back quietly. */
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->theme_dropdown));
  self->choosing = TRUE;
  gtk_string_list_splice (self->theme_names, MISTAKES_INDEX, 1, names);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->theme_dropdown), selected);
  self->choosing = FALSE;
}

void
chess_practice_panel_set_rating (ChessPracticePanel     *self,
                                 const ChessRating      *rating,
                                 const ChessRatingPoint *history,
                                 guint                   n_history,
                                 guint                   streak,
                                 guint                   best_streak)
{
  g_autofree char *text = NULL;
  g_autofree char *streak_text = NULL;

  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  /* Translators: the player's puzzle rating and its uncertainty, e.g.
   * "Rating 1523 ± 80". */
  text = g_strdup_printf (_("Rating %d ± %d"), (int) (rating->rating + 0.5),
                          (int) (rating->deviation + 0.5));
  gtk_label_set_text (GTK_LABEL (self->rating_label), text);
  /* Translators: solved in a row now, and the best run, e.g. "Streak 3 · best 7". */
  streak_text = g_strdup_printf (_("Streak %u · best %u"), streak, best_streak);
  gtk_label_set_text (GTK_LABEL (self->streak_label), streak_text);
  chess_rating_graph_set_history (self->graph, history, n_history);
}

void
chess_practice_panel_set_puzzle (ChessPracticePanel *self,
                                 const char         *info,
                                 const char         *prompt)
{
  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  gtk_label_set_text (GTK_LABEL (self->puzzle_label), info != NULL ? info : "");
  gtk_widget_set_visible (self->puzzle_label, info != NULL && *info != '\0');
  gtk_label_set_text (GTK_LABEL (self->prompt_label), prompt != NULL ? prompt : "");
  gtk_widget_set_visible (self->result_box, FALSE);
  gtk_widget_set_visible (self->analyse_button, FALSE);
  chess_practice_panel_set_message (self, NULL, FALSE);
}

void
chess_practice_panel_set_message (ChessPracticePanel *self,
                                  const char         *text,
                                  gboolean            warning)
{
  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  gtk_label_set_text (GTK_LABEL (self->message_label), text != NULL ? text : "");
  gtk_widget_set_visible (self->message_label, text != NULL);
  if (warning)
    gtk_widget_add_css_class (self->message_label, "warning");
  else
    gtk_widget_remove_css_class (self->message_label, "warning");
}

static void
set_optional (GtkWidget  *label,
              const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && *text != '\0');
}

void
chess_practice_panel_show_result (ChessPracticePanel *self,
                                  gboolean            solved,
                                  const char         *verdict,
                                  const char         *themes_text,
                                  const char         *why,
                                  const char         *solution)
{
  g_return_if_fail (CHESS_IS_PRACTICE_PANEL (self));

  gtk_label_set_text (GTK_LABEL (self->verdict_label), verdict);
  if (solved)
    {
      gtk_widget_add_css_class (self->verdict_label, "success");
      gtk_widget_remove_css_class (self->verdict_label, "error");
    }
  else
    {
      gtk_widget_add_css_class (self->verdict_label, "error");
      gtk_widget_remove_css_class (self->verdict_label, "success");
    }
  set_optional (self->themes_label, themes_text);
  set_optional (self->why_label, why);
  set_optional (self->solution_label, solution);
  gtk_widget_set_visible (self->result_box, TRUE);
  gtk_widget_set_visible (self->analyse_button, TRUE);
}

static const char *
shown_text (GtkWidget *label)
{
  return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : "";
}

const char *
chess_practice_panel_get_rating_text (ChessPracticePanel *self)
{
  g_return_val_if_fail (CHESS_IS_PRACTICE_PANEL (self), "");
  return shown_text (self->rating_label);
}

const char *
chess_practice_panel_get_puzzle_text (ChessPracticePanel *self)
{
  g_return_val_if_fail (CHESS_IS_PRACTICE_PANEL (self), "");
  return shown_text (self->puzzle_label);
}

const char *
chess_practice_panel_get_prompt_text (ChessPracticePanel *self)
{
  g_return_val_if_fail (CHESS_IS_PRACTICE_PANEL (self), "");
  return shown_text (self->prompt_label);
}

const char *
chess_practice_panel_get_verdict_text (ChessPracticePanel *self)
{
  g_return_val_if_fail (CHESS_IS_PRACTICE_PANEL (self), "");
  return gtk_widget_get_visible (self->result_box) ? shown_text (self->verdict_label) : "";
}

const char *
chess_practice_panel_get_message_text (ChessPracticePanel *self)
{
  g_return_val_if_fail (CHESS_IS_PRACTICE_PANEL (self), "");
  return shown_text (self->message_label);
}

static void
chess_practice_panel_dispose (GObject *object)
{
  ChessPracticePanel *self = CHESS_PRACTICE_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHESS_TYPE_PRACTICE_PANEL);
  g_clear_object (&self->theme_names);
  G_OBJECT_CLASS (chess_practice_panel_parent_class)->dispose (object);
}

static void
chess_practice_panel_class_init (ChessPracticePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_practice_panel_dispose;

  signals[SIGNAL_THEME_CHANGED] =
    g_signal_new ("theme-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (CHESS_TYPE_RATING_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/chess-practice-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, box);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, streak_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, rating_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, graph);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, theme_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, puzzle_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, message_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, result_box);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, themes_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, why_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, solution_label);
  gtk_widget_class_bind_template_child (widget_class, ChessPracticePanel, analyse_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "practicepanel");
}

static void
chess_practice_panel_init (ChessPracticePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->theme_names = gtk_string_list_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      g_autofree char *name = theme_item_name (self, i);

      gtk_string_list_append (self->theme_names, name);
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->theme_dropdown), G_LIST_MODEL (self->theme_names));
  g_signal_connect_swapped (self->theme_dropdown, "notify::selected",
                            G_CALLBACK (theme_selected_cb), self);
}

GtkWidget *
chess_practice_panel_new (void)
{
  return g_object_new (CHESS_TYPE_PRACTICE_PANEL, NULL);
}
