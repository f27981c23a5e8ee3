// 404s whose body says what was not found: the error page shows it to the person who asked.

export const notFound = (message: string) => new Response(message, { status: 404 });

export const movieNotFound = () =>
  notFound("We could not find that movie. It may no longer be in our programme, or the link may be wrong.");

export const bookingNotFound = () =>
  notFound("We could not find that booking among yours. Check the link, or find it in My Bookings.");

export const pageNotFound = (pathname: string) =>
  notFound(`We could not find a page at ${pathname}. It may have moved, or the link may be wrong.`);
