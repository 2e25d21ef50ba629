/// Content that can say how big it wants to be at a given width: the terminal form of
/// `systemLayoutSizeFitting(width, .required, .fittingSizeLevel)`.
///
/// Width is fixed by the caller, height follows from the content. Implementations must be
/// exact (laid out at the returned size, all content shows and no row is left empty by the
/// content itself) and total (`width <= 0` is allowed and usually answers height 0).
public protocol FittingContent {
    /// The size that fits this content at `width` cells. The returned width is at most
    /// `max(0, width)`.
    func fittingSize(width: Int) -> Size
}
