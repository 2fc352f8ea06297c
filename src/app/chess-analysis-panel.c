/* chess-analysis-panel.c — the engine's evaluation and best lines. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-analysis-panel.h"
#include "chess-figurine-label.h"

/* The rows the best line wraps over before it ends in "…"; the other
 * lines and the threat keep one row each. */
#define BEST_LINE_ROWS 3

struct _ChessAnalysisPanel
{
  GtkWidget  parent_instance;

  /* Children (owned by the widget tree) */
  GtkWidget *box;
  GtkWidget *bar;
  GtkWidget *score_label;
  GtkWidget *expand_button;
  GtkWidget *menu_button;
  GtkWidget *status_label;
  GtkWidget *line_labels[CHESS_ANALYSIS_MAX_LINES];
  GtkWidget *threat_label;

  /* Whether a line ends in "…" at the size last allocated: Show Full
   * Lines is sensitive while one does or while it is on. */
  gboolean   some_line_cut;
  guint      expand_sensitivity_idle;
};

G_DEFINE_FINAL_TYPE (ChessAnalysisPanel, chess_analysis_panel, GTK_TYPE_WIDGET)

void
chess_analysis_panel_set_score (ChessAnalysisPanel   *self,
                                const ChessEvalScore *score)
{
  g_autofree char *text = NULL;
  g_autofree char *description = NULL;
  double value = CHESS_EVAL_BAR_MAX / 2;

  g_return_if_fail (CHESS_IS_ANALYSIS_PANEL (self));

  if (score != NULL)
    {
      text = chess_eval_score_format (score);
      value = chess_eval_score_bar_value (score);
    }
  else
    text = g_strdup ("\xe2\x80\x93");   /* U+2013: nothing known yet */
  gtk_level_bar_set_value (GTK_LEVEL_BAR (self->bar), value);
  gtk_label_set_text (GTK_LABEL (self->score_label), text);
  if (score != NULL)
    /* Translators: the evaluation bar's value for screen readers; %s is a
     * score from White's side such as "+0.35" or "M3". */
    description = g_strdup_printf (_("%s from White’s side"), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                  description != NULL ? description : _("No evaluation yet"),
                                  -1);
}

void
chess_analysis_panel_set_status (ChessAnalysisPanel *self,
                                 const char         *text)
{
  g_return_if_fail (CHESS_IS_ANALYSIS_PANEL (self));

  gtk_label_set_text (GTK_LABEL (self->status_label), text != NULL ? text : "");
}

/* A line cut short on the screen is whole in its tooltip and, for screen
 * readers, in its description. */
static void
set_line_text (GtkLabel   *label,
               const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), text);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (label),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void
chess_analysis_panel_set_lines (ChessAnalysisPanel *self,
                                const char *const  *lines,
                                guint               n_lines)
{
  g_return_if_fail (CHESS_IS_ANALYSIS_PANEL (self));

  for (guint i = 0; i < CHESS_ANALYSIS_MAX_LINES; i++)
    {
      GtkLabel *label = GTK_LABEL (self->line_labels[i]);
      const char *text = i < n_lines && lines != NULL ? lines[i] : NULL;

      if (g_strcmp0 (gtk_label_get_text (label), text != NULL ? text : "") != 0)
        {
          set_line_text (label, text);
          /* Figurines as tall as the letters, as in the move list. */
          chess_figurine_label_fit (label);
        }
      /* The first line keeps its place while the engine starts, so the
       * panel does not jump. */
      gtk_widget_set_visible (GTK_WIDGET (label), i == 0 || text != NULL);
    }
}

void
chess_analysis_panel_set_threat (ChessAnalysisPanel *self,
                                 const char         *text)
{
  GtkLabel *label;

  g_return_if_fail (CHESS_IS_ANALYSIS_PANEL (self));

  label = GTK_LABEL (self->threat_label);
  if (g_strcmp0 (gtk_label_get_text (label), text != NULL ? text : "") != 0)
    {
      set_line_text (label, text);
      chess_figurine_label_fit (label);
    }
  gtk_widget_set_visible (self->threat_label, text != NULL);
}

void
chess_analysis_panel_set_menu_model (ChessAnalysisPanel *self,
                                     GMenuModel         *model)
{
  g_return_if_fail (CHESS_IS_ANALYSIS_PANEL (self));

  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), model);
  gtk_widget_set_visible (self->menu_button, model != NULL);
}

const char *
chess_analysis_panel_get_score_text (ChessAnalysisPanel *self)
{
  g_return_val_if_fail (CHESS_IS_ANALYSIS_PANEL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->score_label));
}

double
chess_analysis_panel_get_bar_value (ChessAnalysisPanel *self)
{
  g_return_val_if_fail (CHESS_IS_ANALYSIS_PANEL (self), 0);
  return gtk_level_bar_get_value (GTK_LEVEL_BAR (self->bar));
}

const char *
chess_analysis_panel_get_status (ChessAnalysisPanel *self)
{
  g_return_val_if_fail (CHESS_IS_ANALYSIS_PANEL (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->status_label));
}

const char *
chess_analysis_panel_get_line (ChessAnalysisPanel *self,
                               guint               i)
{
  const char *text;

  g_return_val_if_fail (CHESS_IS_ANALYSIS_PANEL (self), NULL);

  if (i >= CHESS_ANALYSIS_MAX_LINES)
    return NULL;
  text = gtk_label_get_text (GTK_LABEL (self->line_labels[i]));
  return *text != '\0' ? text : NULL;
}

const char *
chess_analysis_panel_get_threat (ChessAnalysisPanel *self)
{
  g_return_val_if_fail (CHESS_IS_ANALYSIS_PANEL (self), NULL);

  if (!gtk_widget_get_visible (self->threat_label))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->threat_label));
}

/* A line of moves that wraps over `rows` rows and then ends in "…" (the
 * tooltip and Show Full Lines have it all). */
static GtkWidget *
new_line_label (int rows)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_lines (GTK_LABEL (label), rows);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_add_css_class (label, "analysis-line");
  return label;
}

/* `label` in a box as tall as `rows` rows of its text, however many it
 * fills: the engine sends lines many times a second, and the panel must
 * not jump with their lengths. An empty label of `rows` rows beside it in
 * a homogeneous stack gives the height, in the font and size shown. */
static GtkWidget *
fixed_rows_box (GtkWidget *label,
                int        rows)
{
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *sizer = new_line_label (rows);
  g_autoptr (GString) empty_rows = g_string_new (NULL);

  for (int i = 1; i < rows; i++)
    g_string_append_c (empty_rows, '\n');
  gtk_label_set_text (GTK_LABEL (sizer), empty_rows->str);
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), TRUE);
  gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
  gtk_stack_add_child (GTK_STACK (stack), sizer);
  gtk_stack_add_child (GTK_STACK (stack), label);
  gtk_stack_set_visible_child (GTK_STACK (stack), label);
  return stack;
}

static gboolean
update_expand_sensitivity_cb (gpointer data)
{
  ChessAnalysisPanel *self = data;
  gboolean expanded = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->expand_button));

  self->expand_sensitivity_idle = 0;
  gtk_widget_set_sensitive (self->expand_button, expanded || self->some_line_cut);
  return G_SOURCE_REMOVE;
}

static gboolean
line_is_cut (GtkWidget *label)
{
  return gtk_widget_get_mapped (label)
         && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label)));
}

/* Show Full Lines is for lines cut short: whether one is shows only once
 * they have their width, so the button follows after the allocation. */
static void
note_cut_lines (ChessAnalysisPanel *self)
{
  gboolean expanded = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->expand_button));

  self->some_line_cut = line_is_cut (self->threat_label);
  for (guint i = 0; i < CHESS_ANALYSIS_MAX_LINES; i++)
    self->some_line_cut = self->some_line_cut || line_is_cut (self->line_labels[i]);
  if ((expanded || self->some_line_cut) != gtk_widget_get_sensitive (self->expand_button)
      && self->expand_sensitivity_idle == 0)
    self->expand_sensitivity_idle = g_idle_add (update_expand_sensitivity_cb, self);
}

static void
expand_toggled_cb (GtkToggleButton    *button,
                   ChessAnalysisPanel *self)
{
  gboolean expanded = gtk_toggle_button_get_active (button);

  for (guint i = 0; i < CHESS_ANALYSIS_MAX_LINES + 1; i++)
    {
      GtkWidget *label = i < CHESS_ANALYSIS_MAX_LINES ? self->line_labels[i] : self->threat_label;

      gtk_label_set_ellipsize (GTK_LABEL (label), expanded ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
    }
  gtk_button_set_icon_name (GTK_BUTTON (button), expanded ? "pan-up-symbolic" : "pan-down-symbolic");
}

static void
chess_analysis_panel_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  ChessAnalysisPanel *self = CHESS_ANALYSIS_PANEL (widget);

  gtk_widget_measure (self->box, orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
chess_analysis_panel_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  ChessAnalysisPanel *self = CHESS_ANALYSIS_PANEL (widget);

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  note_cut_lines (self);
}

static GtkSizeRequestMode
chess_analysis_panel_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

GtkWidget *
chess_analysis_panel_new (void)
{
  return g_object_new (CHESS_TYPE_ANALYSIS_PANEL, NULL);
}

static void
chess_analysis_panel_dispose (GObject *object)
{
  ChessAnalysisPanel *self = CHESS_ANALYSIS_PANEL (object);

  g_clear_handle_id (&self->expand_sensitivity_idle, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (chess_analysis_panel_parent_class)->dispose (object);
}

static void
chess_analysis_panel_class_init (ChessAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_analysis_panel_dispose;

  widget_class->measure = chess_analysis_panel_measure;
  widget_class->size_allocate = chess_analysis_panel_size_allocate;
  widget_class->get_request_mode = chess_analysis_panel_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "analysispanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chess_analysis_panel_init (ChessAnalysisPanel *self)
{
  GtkWidget *row;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append (GTK_BOX (self->box), row);

  /* The same bar as the material's (style and range), so switching
   * between them changes what it measures, not how it looks. */
  self->bar = gtk_level_bar_new_for_interval (0, CHESS_EVAL_BAR_MAX);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (self->bar), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_widget_set_hexpand (self->bar, TRUE);
  gtk_widget_set_valign (self->bar, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->bar, "eval-bar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Engine evaluation"),
                                  -1);
  gtk_box_append (GTK_BOX (row), self->bar);

  self->score_label = gtk_label_new (NULL);
  gtk_label_set_width_chars (GTK_LABEL (self->score_label), 6);
  gtk_label_set_xalign (GTK_LABEL (self->score_label), 1);
  gtk_widget_add_css_class (self->score_label, "numeric");
  gtk_widget_add_css_class (self->score_label, "eval-label");
  gtk_box_append (GTK_BOX (row), self->score_label);

  /* Long lines whole: no "…", as many rows as they need. */
  self->expand_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->expand_button), "pan-down-symbolic");
  gtk_widget_set_valign (self->expand_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->expand_button, "flat");
  gtk_widget_set_tooltip_text (self->expand_button, _("Show Full Lines"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->expand_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show Full Lines"),
                                  -1);
  gtk_widget_set_sensitive (self->expand_button, FALSE);
  g_signal_connect (self->expand_button, "toggled", G_CALLBACK (expand_toggled_cb), self);
  gtk_box_append (GTK_BOX (row), self->expand_button);

  self->menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "view-more-symbolic");
  gtk_widget_set_valign (self->menu_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->menu_button, "flat");
  gtk_widget_set_tooltip_text (self->menu_button, _("Analysis Options"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Analysis Options"),
                                  -1);
  gtk_widget_set_visible (self->menu_button, FALSE);
  gtk_box_append (GTK_BOX (row), self->menu_button);

  self->status_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->status_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (self->status_label), 12);
  gtk_widget_add_css_class (self->status_label, "analysis-status");
  gtk_widget_add_css_class (self->status_label, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->status_label);

  for (guint i = 0; i < CHESS_ANALYSIS_MAX_LINES; i++)
    {
      /* The best line has rows to spare; the others one each. */
      int rows = i == 0 ? BEST_LINE_ROWS : 1;

      self->line_labels[i] = new_line_label (rows);
      gtk_box_append (GTK_BOX (self->box),
                      i == 0 ? fixed_rows_box (self->line_labels[i], rows) : self->line_labels[i]);
    }
  /* The threat: a line of its own under the best lines. */
  self->threat_label = new_line_label (1);
  gtk_widget_add_css_class (self->threat_label, "analysis-threat");
  gtk_box_append (GTK_BOX (self->box), self->threat_label);
  chess_analysis_panel_set_score (self, NULL);
  chess_analysis_panel_set_lines (self, NULL, 0);
  chess_analysis_panel_set_threat (self, NULL);
}
